import type { OfferState, WaitingFor } from '@parts/shared/schemas';
import { Badge, type BadgeVariant } from '../../components/ui/badge';

/** `superseded` is not stored: an older version still open when a newer one was sent shows as such. */
type ShownOfferState = OfferState | 'superseded';

const OFFER_STATE_STYLES: Record<ShownOfferState, { label: string; variant: BadgeVariant }> = {
  open: { label: 'Awaiting answer', variant: 'blue' },
  accepted: { label: 'Accepted', variant: 'green' },
  declined: { label: 'Declined', variant: 'red' },
  revision_requested: { label: 'Revision requested', variant: 'yellow' },
  expired: { label: 'Expired', variant: 'secondary' },
  superseded: { label: 'Superseded', variant: 'secondary' },
};

export function OfferStateBadge({ state }: { state: ShownOfferState }) {
  const style = OFFER_STATE_STYLES[state];
  return (
    <Badge variant={style.variant} data-testid="offer-state">
      {style.label}
    </Badge>
  );
}

const WAITING_LABELS: Record<WaitingFor, { admin: string; buyer: string; variant: BadgeVariant }> = {
  reseller: { admin: 'Waiting on reseller', buyer: 'Waiting on us', variant: 'yellow' },
  buyer: { admin: 'Waiting on buyer', buyer: 'Waiting on you', variant: 'blue' },
};

/** Whose move it is; `side` words it for the reader (the reseller's admin list, or the buyer's own page). */
export function WaitingBadge({ waiting, side }: { waiting: WaitingFor | null; side: 'admin' | 'buyer' }) {
  if (!waiting) return <span className="text-xs text-slate-500">—</span>;
  const style = WAITING_LABELS[waiting];
  return (
    <Badge variant={style.variant} data-testid="waiting-on">
      {side === 'admin' ? style.admin : style.buyer}
    </Badge>
  );
}
