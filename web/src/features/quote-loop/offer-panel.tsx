import { useState, type ReactNode } from 'react';
import type { Offer } from '@parts/shared/quote-offers';
import type { OfferSummary } from '@parts/shared/schemas';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { useOffer } from './api/get-offer';
import { OfferView } from './offer-view';

/**
 * The offer versions of a request: the latest by default, any earlier one a click away, each shown
 * against the version before it. `children` renders under the latest version (the buyer's answer).
 */
export function OfferPanel({ quoteId, offers, children }: { quoteId: number; offers: OfferSummary[]; children?: (latest: Offer) => ReactNode }) {
  const latestVersion = offers[0]?.version;
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const version = picked ?? latestVersion;
  const offer = useOffer(quoteId, version);
  if (latestVersion === undefined) return null;
  const isLatest = version === latestVersion;
  // An older version still open when a newer one was sent can no longer be answered: it is superseded by the next one.
  const supersededBy = (o: Pick<OfferSummary, 'version' | 'state'>) =>
    o.version !== latestVersion && o.state === 'open' ? Math.min(...offers.filter((n) => n.version > o.version).map((n) => n.version)) : undefined;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      {offers.length > 1 ? (
        <div role="group" aria-label="Offer versions" className="flex flex-wrap gap-1">
          {offers.map((o) => (
            <button
              key={o.version}
              type="button"
              aria-pressed={o.version === version}
              onClick={() => setPicked(o.version)}
              className={cn(
                'rounded-md border px-2.5 py-1 text-xs',
                o.version === version ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
              )}
            >
              Version {o.version}
              {supersededBy(o) !== undefined ? ' (superseded)' : ''}
            </button>
          ))}
        </div>
      ) : null}
      {offer.isPending ? <Skeleton className="h-40 w-full" /> : null}
      {offer.isError ? <LoadError compact title="Failed to load the offer" onRetry={offer.refetch} retrying={offer.isFetching} /> : null}
      {offer.data ? (
        <>
          <OfferView offer={offer.data.offer} previous={offer.data.previous} latest={isLatest} supersededBy={supersededBy(offer.data.offer)} />
          {isLatest && children ? children(offer.data.offer) : null}
        </>
      ) : null}
    </div>
  );
}
