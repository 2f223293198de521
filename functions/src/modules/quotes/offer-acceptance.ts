import type { QuoteRequest } from '@parts/shared/schemas';
import { formatCents, type AcceptOfferInput, type Offer } from '@parts/shared/quote-offers';
import { acceptedTotal } from '@parts/shared/offer-pricing';
import { PO_NUMBER_REQUIRED, type Order } from '@parts/shared/orders';
import { ValidationError } from '../../domain/errors';
import type { QuoteEventWrite } from './ports/quote-repository';
import { acceptedChoices } from './offer-builder';
import { createAttachmentIntake, quoteAttachmentPrefix } from './attachments';
import { buildOrder } from './order-rules';
import { quoteMails } from './quote-notifications';
import { offerAcceptedData } from './quote-webhooks';
import type { Actor, LoopCore } from './quote-loop-core';

/**
 * The buyer accepts the latest version, whole or line by line, with their purchase order (ADR 121): a PO
 * number (required when the site says so, SITE_PO_NUMBER) and an optional PO document, uploaded first and
 * checked by its content like every attachment. The accepted lines become the request's order, stored in
 * the same transaction as the acceptance.
 */
export function createOfferAcceptance(core: LoopCore) {
  const { deps, now, site, event, statusMove, commit, answerable, webhooks } = core;
  const intake = createAttachmentIntake(deps);

  return {
    async accept(buyer: Actor, id: number, version: number, input: AcceptOfferInput): Promise<{ quote: QuoteRequest; offer: Offer; order: Order }> {
      const { quote, offer } = await answerable(buyer, id, version, 'accept');
      const answers = acceptedChoices(offer, input);
      const po = input.purchaseOrder ?? {};
      if (site.poNumber === 'required' && !po.number)
        throw new ValidationError(PO_NUMBER_REQUIRED, [{ path: 'purchaseOrder.number', message: PO_NUMBER_REQUIRED }]);
      const uploaded = po.documentKey ? await intake.checkUploadedKeys(buyer, [po.documentKey]) : [];
      const written: string[] = [];
      let result: { quote: QuoteRequest; offer: Offer; order: Order };
      try {
        const [document] = await intake.claimUploads(buyer, `${quoteAttachmentPrefix(id)}order/`, uploaded, written);
        const purchaseOrder = { ...(po.number ? { number: po.number } : {}), ...(document ? { document } : {}) };
        const accepted = answers.filter((a) => a.choice !== 'declined');
        const total = acceptedTotal(offer, answers);
        const offeredCount = offer.lines.filter((l) => l.status === 'offered').length;
        const summary = `${accepted.length} of ${offeredCount} ${offeredCount === 1 ? 'line' : 'lines'}, ${formatCents(total)}`;
        const response = { kind: 'accepted' as const, at: now().toISOString(), by: buyer.username, lines: answers, acceptedTotalCents: total };
        const order = buildOrder(quote, offer, answers, { purchaseOrder, by: buyer.username, at: now() });
        const write: QuoteEventWrite = {
          event: event(buyer.username, 'offer_accepted', { version, note: po.number ? `${summary}, PO ${po.number}` : summary }),
          waitingFor: 'reseller',
          mails: quoteMails.offerAccepted(site, quote, { ...offer, response }, summary, po.number),
          webhooks: await webhooks.deliveriesFor('offer.accepted', offerAcceptedData(offer, response, po.number)),
          ...statusMove(quote, 'accept', buyer.username),
        };
        const change = { event: 'accept' as const, response, acceptedTotalCents: total, acceptedLines: accepted.length, order };
        const updated = await commit(id, write, () => deps.quotes.transitionOffer(quote, change, write));
        result = { quote: updated, offer: { ...offer, state: 'accepted', response }, order };
      } catch (err) {
        await intake.removeWritten(written);
        throw err;
      }
      await intake.releaseUploads(uploaded);
      return result;
    },
  };
}
