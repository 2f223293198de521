import { PART_STATUS_LABELS, type PartStatus } from '@parts/shared/constants';
import { Badge, type BadgeVariant } from './ui/badge';

const VARIANTS: Record<PartStatus, BadgeVariant> = { active: 'green', discontinued: 'red', coming_soon: 'blue' };

/** A part's status; buyers see it only when it is not simply available (`showActive` for the admin lists). */
export function PartStatusBadge({ status, showActive = false, className }: { status: PartStatus; showActive?: boolean; className?: string }) {
  if (status === 'active' && !showActive) return null;
  return (
    <Badge variant={VARIANTS[status] ?? 'secondary'} className={className}>
      {PART_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}
