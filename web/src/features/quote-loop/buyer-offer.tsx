import { useState } from 'react';
import type { QuoteRequestDetail } from '@parts/shared/quote-offers';
import { OfferAnswer } from './offer-answer';
import { OfferPanel } from './offer-panel';
import { OrderView } from './order-view';

/** An answer the server refused because the offer changed meanwhile: the version answered and the server's reason. */
interface Refused {
  version: number;
  message: string;
}

/**
 * The buyer's side of the offer: the versions and the answer form under the latest. The form is keyed by
 * the latest version and state, so a refused answer (another tab, or the reseller, changed the offer)
 * would vanish with the form as the fresh offer arrives; the refusal is kept here and said above the
 * fresh offer instead: "Version 2 replaces version 1 — review it before accepting".
 */
export function BuyerOffer({ request }: { request: QuoteRequestDetail }) {
  const [refused, setRefused] = useState<Refused | null>(null);
  const latest = request.offers[0];
  const notice =
    refused && latest
      ? latest.version > refused.version
        ? `Version ${latest.version} replaces version ${refused.version} — review it before accepting`
        : refused.message
      : null;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      {notice ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900" data-testid="offer-replaced">
          {notice}
        </p>
      ) : null}
      {request.order ? <OrderView order={request.order} /> : null}
      <OfferPanel quoteId={request.id} offers={request.offers}>
        {(offer) => (
          <OfferAnswer
            key={`${offer.version}-${offer.state}`}
            offer={offer}
            poNumber={request.poNumber}
            onConflict={(version, message) => setRefused({ version, message })}
          />
        )}
      </OfferPanel>
    </div>
  );
}
