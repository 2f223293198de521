export { useOffer } from './api/get-offer';
export { useQuoteDetail } from './api/get-quote-detail';
export { BuyerOffer } from './buyer-offer';
export { ExtendValidity } from './extend-validity';
export { historyText } from './history-entry';
export { MessageThread } from './message-thread';
export { OfferEditor } from './offer-editor';
export { OfferListSummary, WaitingBadge } from './offer-labels';
export { OfferPanel } from './offer-panel';
