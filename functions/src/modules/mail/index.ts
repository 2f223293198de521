export { createOutboxRepository, outboxItem } from './adapters/outbox-repository';
export { createLocalMailQueue, createOutboxWorker } from './outbox-worker';
export { confirmedAddress } from './recipients';
export type { MailQueue, OutboxMail, OutboxRepository } from './ports/outbox';
// The mail templates: one per file (subject and text from one typed props object), each with a test of its wording.
export type { MailContent } from './templates/mail-text';
export { messageToBuyerMail } from './templates/message-to-buyer';
export { messageToResellerMail } from './templates/message-to-reseller';
export { offerAcceptedMail } from './templates/offer-accepted';
export { offerAcceptedNoticeMail } from './templates/offer-accepted-notice';
export { offerDeclinedMail } from './templates/offer-declined';
export { offerDeclinedNoticeMail } from './templates/offer-declined-notice';
export { offerSentMail } from './templates/offer-sent';
export { offerSentNoticeMail } from './templates/offer-sent-notice';
export { quoteNewRequestMail, type SubmitterAccount } from './templates/quote-new-request';
export { quoteReceivedMail } from './templates/quote-received';
export { revisionRequestedMail } from './templates/revision-requested';
export { verifyEmailMail } from './templates/verify-email';
