export { useOffer } from './api/get-offer';
export { useQuoteDetail } from './api/get-quote-detail';
export { historyText } from './history-entry';
export { MessageThread } from './message-thread';
export { OfferAnswer } from './offer-answer';
export { OfferEditor } from './offer-editor';
export { OfferStateBadge, WaitingBadge } from './offer-labels';
export { OfferPanel } from './offer-panel';
