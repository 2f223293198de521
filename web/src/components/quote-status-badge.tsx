import type { QuoteStatus } from '@parts/shared/constants';
import { Badge, type BadgeVariant } from './ui/badge';

const statusStyles: Record<QuoteStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Pending', variant: 'yellow' },
  processing: { label: 'Processing', variant: 'blue' },
  approved: { label: 'Approved', variant: 'green' },
  rejected: { label: 'Rejected', variant: 'red' },
  completed: { label: 'Completed', variant: 'purple' },
};

/** The colour badge of a quote request status; any other value reads 'Unknown'. */
export function QuoteStatusBadge({ status }: { status: string }) {
  const style = statusStyles[status as QuoteStatus] ?? { label: 'Unknown', variant: 'secondary' as const };
  return <Badge variant={style.variant}>{style.label}</Badge>;
}
