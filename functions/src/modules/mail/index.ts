export { createOutboxRepository, outboxItem } from './adapters/outbox-repository';
export { createLocalMailQueue, createOutboxWorker } from './outbox-worker';
export type { MailQueue, OutboxMail, OutboxRepository } from './ports/outbox';
