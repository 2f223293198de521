import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import type { Mailer } from '../ports/outbox';

/** Sends through Amazon SES (v2 SendEmail, simple content), optionally under a configuration set. */
export function createSesMailer(options: { client: Pick<SESv2Client, 'send'>; configurationSet?: string }): Mailer {
  return {
    async send(message) {
      await options.client.send(
        new SendEmailCommand({
          FromEmailAddress: message.from,
          Destination: { ToAddresses: message.to },
          Content: {
            Simple: {
              Subject: { Data: message.subject, Charset: 'UTF-8' },
              Body: { Text: { Data: message.text, Charset: 'UTF-8' } },
            },
          },
          ...(options.configurationSet ? { ConfigurationSetName: options.configurationSet } : {}),
        }),
      );
    },
  };
}
