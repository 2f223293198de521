import type { OfferState, OfferSummary, WaitingFor } from '@parts/shared/schemas';
import { formatCents, utcDay } from '@parts/shared/quote-offers';
import { effectiveOfferState } from '@parts/shared/quote-transitions';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { formatDate } from '../../lib/format';

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

/** The latest offer's state as both lists word it (sent / accepted n of m lines / declined / expired / revision asked). */
const LIST_STATE: Record<OfferState, { label: string; variant: BadgeVariant }> = {
  open: { label: 'Sent', variant: 'blue' },
  accepted: { label: 'Accepted', variant: 'green' },
  declined: { label: 'Declined', variant: 'red' },
  revision_requested: { label: 'Revision asked', variant: 'yellow' },
  expired: { label: 'Expired', variant: 'secondary' },
};

/**
 * The latest offer in a list row, the same on the buyer's and the reseller's list: its version, its state
 * and the total that counts (the accepted one once accepted, beside the offered one).
 */
export function OfferListSummary({ offer }: { offer: OfferSummary }) {
  const state = effectiveOfferState(offer, utcDay(new Date()));
  const style = LIST_STATE[state];
  const counted = state === 'accepted' && offer.acceptedLines !== undefined && offer.offeredLines !== undefined;
  const label = counted ? `${style.label} ${offer.acceptedLines} of ${offer.offeredLines} ${offer.offeredLines === 1 ? 'line' : 'lines'}` : style.label;
  const total =
    state === 'accepted' && offer.acceptedTotalCents !== undefined
      ? `${formatCents(offer.acceptedTotalCents)} accepted (offered ${formatCents(offer.totalCents)})`
      : state === 'open'
        ? `${formatCents(offer.totalCents)}, valid until ${formatDate(offer.validUntil)}`
        : formatCents(offer.totalCents);
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1 gap-y-1" data-testid="offer-summary">
      <span>Version {offer.version} · </span>
      <Badge variant={style.variant} data-testid="offer-list-state">
        {label}
      </Badge>
      <span> · {total}</span>
    </span>
  );
}
