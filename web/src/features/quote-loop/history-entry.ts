import type { QuoteHistoryEntry } from '@parts/shared/schemas';
import { capitalize } from '../../lib/format';

const EVENT_TEXT: Record<string, (version?: number) => string> = {
  offer_sent: (v) => `Offer version ${v} sent`,
  offer_accepted: (v) => `Offer version ${v} accepted`,
  offer_declined: (v) => `Offer version ${v} declined`,
  revision_requested: (v) => `Revision of version ${v} requested`,
  offer_expired: (v) => `Offer version ${v} expired`,
  offer_extended: (v) => `Offer version ${v} extended`,
  message: () => 'Message',
  order_confirmed: () => 'Order confirmed',
  order_rejected: () => 'Order rejected',
};

/** One line of a request's history: a status change ("Pending → Approved") or an event ("Offer version 2 sent"). */
export function historyText(entry: QuoteHistoryEntry): string {
  if ('to' in entry) return entry.from ? `${capitalize(entry.from)} → ${capitalize(entry.to)}` : capitalize(entry.to);
  const text = EVENT_TEXT[entry.event]?.(entry.version) ?? entry.event;
  return entry.note && entry.event !== 'message' ? `${text}: ${entry.note}` : text;
}
