export { createQuoteRepository } from './adapters/quote-repository';
export { createQuoteThreadRepository } from './adapters/quote-thread-repository';
export type { QuoteRepository } from './ports/quote-repository';
export type { QuoteThreadRepository } from './ports/quote-thread-repository';
export { attachmentKey, attachmentUploadPrefix, tooLargeMessage, unsupportedTypeMessage } from './quote-service';
export { quoteLoopRoutes } from './routes/quote-loop';
export { quoteRequestRoutes } from './routes/quote-requests';
