import nodemailer from 'nodemailer';
import type { Mailer } from '../ports/outbox';

/** Sends over SMTP with nodemailer: locally to the MailDev catcher that npm start runs, or to any SMTP_URL. */
export function createSmtpMailer(url: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from: message.from, to: message.to, subject: message.subject, text: message.text });
    },
    close: () => transport.close(),
  };
}
