import { randomUUID } from 'node:crypto';
import { DOWNLOAD_URL_TTL_SECONDS } from '@parts/shared/constants';
import type { Attachment, QuoteRequest, WaitingFor } from '@parts/shared/schemas';
import { MAX_QUOTE_MESSAGES, MESSAGES_PAGE_SIZE, type MessageInput, type MessagePage, type QuoteMessage } from '@parts/shared/quote-offers';
import { asOfToday } from '@parts/shared/quote-transitions';
import { ConflictError } from '../../domain/errors';
import type { QuoteEventWrite } from './ports/quote-repository';
import { createAttachmentIntake, quoteAttachmentPrefix, type IncomingFile } from './attachments';
import { quoteMails } from './quote-notifications';
import { clip, type Actor, type LoopCore } from './quote-loop-core';

/** The request's message thread: both sides write, with attachments checked like the request's. */
export function createQuoteMessages(core: LoopCore) {
  const { deps, now, today, site, event, commit, readable } = core;
  const intake = createAttachmentIntake(deps);

  async function withLinks(attachments: Attachment[]): Promise<Attachment[]> {
    return Promise.all(attachments.map(async (a) => ({ ...a, url: await deps.blobs.presignGet('attachments', a.key, DOWNLOAD_URL_TTL_SECONDS, a.fileName) })));
  }

  async function storeMessage(
    user: Actor,
    read: QuoteRequest,
    body: string,
    attachments: Attachment[],
  ): Promise<{ quote: QuoteRequest; message: QuoteMessage }> {
    const from = user.isAdmin ? 'reseller' : 'buyer';
    let quote = read;
    for (let attempt = 1; ; attempt++) {
      if ((quote.messageCount ?? 0) >= MAX_QUOTE_MESSAGES) throw new ConflictError(`This conversation already holds ${MAX_QUOTE_MESSAGES} messages`);
      const message: QuoteMessage = {
        id: randomUUID(),
        quoteId: quote.id,
        seq: (quote.messageCount ?? 0) + 1,
        at: now().toISOString(),
        by: user.username,
        from,
        body,
        attachments,
      };
      // A message passes the turn to the other side; after an accepted offer the reseller's notes wait for nobody.
      const waitingFor: WaitingFor | null = from === 'buyer' ? 'reseller' : quote.offer?.state === 'accepted' ? null : 'buyer';
      const write: QuoteEventWrite = {
        event: event(user.username, 'message', { note: clip(body) }),
        waitingFor,
        mails: quoteMails.newMessage(site, quote, message),
      };
      try {
        const updated = await commit(quote.id, write, () => deps.quotes.addMessage(quote, message, write));
        return { quote: updated, message: { ...message, attachments: await withLinks(message.attachments) } };
      } catch (err) {
        // Someone else wrote at the same moment: take the next number.
        if (!(err instanceof ConflictError) || attempt >= 5) throw err;
        quote = asOfToday((await deps.quotes.getQuoteRequest(quote.id)) ?? quote, today());
      }
    }
  }

  return {
    async messages(user: Actor, id: number, cursor: string | undefined): Promise<MessagePage> {
      await readable(user, id);
      const page = await deps.quotes.listMessages(id, { limit: MESSAGES_PAGE_SIZE, ...(cursor ? { cursor } : {}) });
      const data = await Promise.all(page.data.map(async (m) => ({ ...m, attachments: await withLinks(m.attachments) })));
      return { data, nextCursor: page.nextCursor };
    },

    /** Multipart: every file is checked before the first byte is written; written files go if the message is not stored. */
    async addMessageWithFiles(user: Actor, id: number, body: string, files: IncomingFile[]) {
      const checked = intake.checkFiles(files);
      const quote = await readable(user, id);
      const written: string[] = [];
      try {
        const attachments = await intake.storeFiles(`${quoteAttachmentPrefix(id)}messages/`, checked, files, written);
        return await storeMessage(user, quote, body, attachments);
      } catch (err) {
        await intake.removeWritten(written);
        throw err;
      }
    },

    /** JSON: presigned uploads are checked and moved under the request, as for the request itself. */
    async addMessage(user: Actor, id: number, input: MessageInput) {
      const quote = await readable(user, id);
      const uploaded = await intake.checkUploadedKeys(user, input.attachmentKeys);
      const written: string[] = [];
      let result;
      try {
        const attachments = await intake.claimUploads(user, `${quoteAttachmentPrefix(id)}messages/`, uploaded, written);
        result = await storeMessage(user, quote, input.body, attachments);
      } catch (err) {
        await intake.removeWritten(written);
        throw err;
      }
      await intake.releaseUploads(uploaded);
      return result;
    },
  };
}
