import type { QuoteRepository } from '../ports/quote-repository';
import type { TableContext } from '../../../adapters/dynamodb/support';
import { createQuoteRequestStore } from './quote-request-store';
import { createQuoteThreadStore } from './quote-thread-store';
import { createOfferDraftStore } from './offer-draft-store';

/**
 * The one repository of the quote aggregate (docs/data-model.md): the request items from
 * quote-request-store.ts, the offer versions, messages and quote-loop transactions from quote-thread-store.ts.
 */
export function createQuoteRepository(ctx: TableContext): QuoteRepository {
  return { ...createQuoteRequestStore(ctx), ...createQuoteThreadStore(ctx), ...createOfferDraftStore(ctx) };
}
