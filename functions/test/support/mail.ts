import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, vi } from 'vitest';
import { createSmtpMailer } from '../../src/modules/mail/adapters/smtp-mailer';
import { listCaughtMail, startMailCatcher, type CaughtMail } from '../../src/local/mail-catcher';
import { createLocalMailQueue, createOutboxWorker } from '../../src/modules/mail/outbox-worker';
import { silentLogger } from '../../src/lib/logger';
import type { AppDeps } from '../../src/app';

/**
 * The local stack's real mail path for a test: MailDev (the catcher `npm start` runs) on free ports,
 * the SMTP mailer and the outbox worker kicked after each write, as in local-deps.ts.
 */
export async function startTestMail() {
  const directory = mkdtempSync(join(tmpdir(), 'parts-mail-'));
  const catcher = await startMailCatcher({ directory, smtpPort: 0, webPort: 0 });
  const mailer = createSmtpMailer(catcher.smtpUrl);
  let queue: ReturnType<typeof createLocalMailQueue> | undefined;
  return {
    /** The mail queue for these deps (pass it as the app's `mailQueue`). */
    queueFor(deps: Pick<AppDeps, 'outbox' | 'users' | 'env'>) {
      queue = createLocalMailQueue(
        createOutboxWorker({ outbox: deps.outbox, users: deps.users, mailer, from: deps.env.MAIL_FROM, logger: silentLogger }),
        silentLogger,
      );
      return queue;
    },
    /**
     * Every mail caught so far for `address` (case-insensitive), once the queue has sent what it holds;
     * with `atLeast`, waits until that many have arrived (a mail queued just after an answer, or still on
     * its way through SMTP into the catcher, is not lost to the race).
     */
    async mailsTo(address: string, { atLeast = 0 } = {}): Promise<CaughtMail[]> {
      const read = async () => {
        await queue?.whenIdle();
        const all = await listCaughtMail(catcher.webUrl);
        return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
      };
      if (atLeast === 0) return read();
      return vi.waitFor(
        async () => {
          const mails = await read();
          expect(mails.length, `mails to ${address}`).toBeGreaterThanOrEqual(atLeast);
          return mails;
        },
        { timeout: 15_000, interval: 50 },
      );
    },
    async all(): Promise<CaughtMail[]> {
      await queue?.whenIdle();
      return listCaughtMail(catcher.webUrl);
    },
    async stop() {
      queue?.stop();
      mailer.close();
      await catcher.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
export type TestMail = Awaited<ReturnType<typeof startTestMail>>;

/** The verification link in a mail's text (the token is what the web page posts back). */
export function verificationToken(mail: CaughtMail | undefined): string {
  expect(mail?.text, 'a verification mail').toBeTruthy();
  const link = /https?:\/\/\S+\/account\/verify-email\?token=([\w-]+)/.exec(mail!.text!);
  expect(link, mail!.text).not.toBeNull();
  return link![1]!;
}
