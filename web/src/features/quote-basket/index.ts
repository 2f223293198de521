export { isFreeLine, lineId, normaliseQuantity, useQuoteBasket } from './quote-basket';
export type { BasketLine, FreeBasketLine, IncomingLine, LineDetails } from './quote-basket';
