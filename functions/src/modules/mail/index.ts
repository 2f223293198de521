export { createOutboxRepository, outboxItem } from './adapters/outbox-repository';
export { createSesMailer } from './adapters/ses-mailer';
export { createSmtpMailer } from './adapters/smtp-mailer';
export { createLocalMailQueue, createOutboxWorker } from './outbox-worker';
export type { MailQueue, OutboxMail, OutboxRepository } from './ports/outbox';
