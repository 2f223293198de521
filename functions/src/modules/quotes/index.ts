export { createQuoteRepository } from './adapters/quote-repository';
export type { QuoteRepository } from './ports/quote-repository';
export { attachmentKey, attachmentUploadPrefix, tooLargeMessage, unsupportedTypeMessage } from './quote-service';
export { createOfferExpiryJob, type OfferExpiryJob } from './offer-expiry';
export { quoteLoopRoutes } from './routes/quote-loop';
export { quoteRequestRoutes } from './routes/quote-requests';
export { priceSheetRoutes } from './routes/price-sheet';
export { offerDraftRoutes } from './routes/offer-draft';
