export { normaliseQuantity, useQuoteBasket } from './quote-basket';
export type { FreeBasketLine, IncomingLine, LineDetails } from './quote-basket';
