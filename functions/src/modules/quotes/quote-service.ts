import { DOWNLOAD_URL_TTL_SECONDS, MAX_LINE_ATTACHMENTS_TOTAL } from '@parts/shared/constants';
import {
  earliestNeededBy,
  neededByPastMessage,
  type AdminQuoteCreate,
  type Attachment,
  type QuoteFormInput,
  type QuoteLineInput,
  type QuoteRequest,
  type QuoteStatus,
} from '@parts/shared/schemas';
import { utcDay } from '@parts/shared/quote-offers';
import { asOfToday } from '@parts/shared/quote-transitions';
import { ValidationError } from '../../domain/errors';
import type { BlobStore } from '../../ports/blob-store';
import type { CatalogRepository } from '../catalog';
import type { NewQuoteLine, NewQuoteRequest, QuoteListOptions, QuoteRepository } from './ports/quote-repository';
import type { Logger } from '../../lib/logger';
import { confirmedAddress, type MailQueue, type OutboxRepository } from '../mail';
import type { UserRepository } from '../accounts';
import type { Env } from '../../config/env';
import { siteSettings } from '../../config/site-settings';
import { createAttachmentIntake, quoteAttachmentPrefix, type IncomingFile, type Uploader } from './attachments';
import { quoteMails, type SubmitterAccount } from './quote-notifications';
import { createWebhookEvents, type WebhookQueue, type WebhookRepository } from '../webhooks';
import type { DemandRecorder } from '../demand';
import { quoteSubmittedData } from './quote-webhooks';

export {
  ATTACHMENT_NOT_FOUND,
  TOO_MANY_ATTACHMENTS,
  attachmentKey,
  attachmentUploadPrefix,
  quoteAttachmentPrefix,
  safeFileName,
  tooLargeMessage,
  unsupportedTypeMessage,
  type IncomingFile,
} from './attachments';
export const TOO_MANY_LINE_ATTACHMENTS = `At most ${MAX_LINE_ATTACHMENTS_TOTAL} line attachments in one quote request`;

export type Customer = Uploader;

export interface QuoteServiceDeps {
  catalog: CatalogRepository;
  quotes: QuoteRepository;
  blobs: BlobStore;
  logger: Logger;
  /** Where the new-request mails go (the quote loop); without it a submission sends none. */
  outbox?: OutboxRepository;
  mailQueue?: MailQueue;
  env?: Env;
  now?: () => Date;
  /** Tells the reseller whether the submitting account's address is confirmed. */
  users?: Pick<UserRepository, 'getUserByUsername'>;
  /** Where the `quote.submitted` webhook deliveries go (ADR 123). */
  webhooks?: WebhookRepository;
  webhookQueue?: WebhookQueue;
  /** Where a submission's lines are recorded as demand (issue 31): free-text lines as missing parts, catalogue lines as requested. */
  demandRecorder?: DemandRecorder;
}

/** The keys of every line's uploads, bounded per request, each listed once over the request and its lines. */
function lineKeys(lines: QuoteLineInput[], requestKeys: string[]): string[] {
  const keys = lines.flatMap((l) => l.attachmentKeys ?? []);
  if (keys.length > MAX_LINE_ATTACHMENTS_TOTAL) throw new ValidationError(TOO_MANY_LINE_ATTACHMENTS);
  const all = [...requestKeys, ...keys];
  if (new Set(all).size !== all.length) throw new ValidationError('The same attachment is listed twice');
  return keys;
}

function newRequest(customer: Customer, form: QuoteFormInput, items: NewQuoteRequest['items'], attachments: Attachment[]): NewQuoteRequest {
  return {
    customerName: form.customerName,
    customerEmail: form.customerEmail,
    ...(form.customerPhone ? { customerPhone: form.customerPhone } : {}),
    ...(form.customerCompany ? { customerCompany: form.customerCompany } : {}),
    ...(form.message ? { message: form.message } : {}),
    status: 'pending',
    submittedBy: customer.username,
    createdBy: customer.username,
    items,
    attachments,
  };
}

/** Hands each line its claimed attachments, in the order the lines listed their keys. */
function withLineAttachments(items: NewQuoteLine[], lines: QuoteLineInput[], claimed: Attachment[]): NewQuoteLine[] {
  let at = 0;
  return items.map((item, i) => {
    const count = lines[i]!.attachmentKeys?.length ?? 0;
    if (count === 0) return item;
    const attachments = claimed.slice(at, at + count);
    at += count;
    return { ...item, attachments };
  });
}

/** Buffered in memory; written after the answer (ADR 129). The buyer's id is kept only here, on submitted lines. */
function recordDemand(recorder: DemandRecorder | undefined, customer: Customer, created: QuoteRequest, lines: QuoteLineInput[]) {
  recorder?.requestSubmitted({
    id: String(created.id),
    number: String(created.id),
    buyer: String(customer.id),
    freeText: lines.flatMap((l) => (l.freeText ? [l.freeText] : [])),
    partIds: lines.flatMap((l) => (l.partId === undefined ? [] : [l.partId])),
  });
}

export function createQuoteService(deps: QuoteServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const asRead = (quote: QuoteRequest) => asOfToday(quote, utcDay(now()));
  const intake = createAttachmentIntake(deps);
  const webhooks = createWebhookEvents(deps);
  const lineLimit = { max: MAX_LINE_ATTACHMENTS_TOTAL, message: TOO_MANY_LINE_ATTACHMENTS };
  /** Catalogue lines get the part's number and name copied in; free-text lines keep what the buyer wrote. */
  async function resolveItems(lines: QuoteLineInput[]): Promise<NewQuoteLine[]> {
    const ids = [...new Set(lines.flatMap((l) => (l.partId !== undefined ? [l.partId] : [])))];
    const parts = new Map((ids.length > 0 ? await deps.catalog.getParts(ids) : []).map((p) => [p.id, p]));
    const earliest = earliestNeededBy(now());
    lines.forEach((line, i) => {
      if (line.neededBy !== undefined && line.neededBy < earliest) {
        const message = neededByPastMessage(line.neededBy);
        throw new ValidationError(message, [{ path: `items.${i}.neededBy`, message }]);
      }
    });
    return lines.map((line, i) => {
      const details = {
        quantity: line.quantity,
        ...(line.reference ? { reference: line.reference } : {}),
        ...(line.targetPrice !== undefined ? { targetPrice: line.targetPrice } : {}),
        ...(line.neededBy ? { neededBy: line.neededBy } : {}),
        ...(line.note ? { note: line.note } : {}),
      };
      if (line.partId === undefined) return { freeText: line.freeText, ...details };
      const part = parts.get(line.partId);
      if (!part) {
        const message = `Part ${line.partId} not found`;
        throw new ValidationError(message, [{ path: `items.${i}.partId`, message }]);
      }
      return { partId: part.id, partNumber: part.partNumber, name: part.name, slug: part.slug, ...details };
    });
  }

  /**
   * The buyer's and the reseller's mails about a new request, queued once it is stored. A failure to
   * queue them is logged and never fails the submission that is already stored (ADR 111).
   */
  async function notifySubmitted(created: QuoteRequest): Promise<QuoteRequest> {
    // The request is stored already: its webhook deliveries are stored right after it (ADR 123); a failure is logged.
    await webhooks
      .deliveriesFor('quote.submitted', quoteSubmittedData(created))
      .then((deliveries) => webhooks.publish(deliveries))
      .catch((err: unknown) => deps.logger.error('webhook.enqueue_failed', { quoteId: created.id, type: 'quote.submitted', error: String(err) }));
    if (!deps.outbox || !deps.env) return created;
    try {
      // The buyer's confirmation goes to the account's confirmed address when sent (held until then): quote-notifications.ts.
      const user = created.submittedBy ? await deps.users?.getUserByUsername(created.submittedBy) : undefined;
      const account: SubmitterAccount | undefined = user && { ...(user.email ? { email: user.email } : {}), confirmed: confirmedAddress(user) !== undefined };
      const mails = quoteMails.newRequest(siteSettings(deps.env), created, account);
      await deps.outbox.enqueue(mails);
      deps.mailQueue?.kick(mails.map((m) => m.id));
    } catch (err) {
      deps.logger.error('mail.enqueue_failed', { quoteId: created.id, kind: 'quote.new_request', error: String(err) });
    }
    return created;
  }

  return {
    /** The admin's list (or one request when the search is its number) and a buyer's own list, a page at a time. */
    // Each as it reads today: an offer past its validity shows as expired (computed; the scheduled job records it).
    getQuoteRequest: async (id: number) => {
      const quote = await deps.quotes.getQuoteRequest(id);
      return quote && asRead(quote);
    },
    listQuoteRequestPage: async (options: QuoteListOptions) => {
      const page = await deps.quotes.listQuoteRequestPage(options);
      return { ...page, data: page.data.map(asRead) };
    },
    updateQuoteStatus: async (id: number, status: QuoteStatus, by: string) => asRead(await deps.quotes.updateQuoteStatus(id, status, by)),
    /** Multipart submission: everything is checked before the first byte is written to S3. */
    async submitWithFiles(customer: Customer, form: QuoteFormInput, lines: QuoteLineInput[], files: IncomingFile[]): Promise<QuoteRequest> {
      const checked = intake.checkFiles(files);
      const items = await resolveItems(lines);
      const lineUploads = await intake.checkUploadedKeys(customer, lineKeys(lines, []), lineLimit);
      const id = await deps.quotes.reserveQuoteId();
      const written: string[] = [];
      let created: QuoteRequest;
      try {
        const attachments = await intake.storeFiles(quoteAttachmentPrefix(id), checked, files, written);
        const claimed = await intake.claimUploads(customer, quoteAttachmentPrefix(id), lineUploads, written);
        created = await deps.quotes.createQuoteRequest({ id, ...newRequest(customer, form, withLineAttachments(items, lines, claimed), attachments) });
      } catch (err) {
        await intake.removeWritten(written);
        throw err;
      }
      await intake.releaseUploads(lineUploads);
      recordDemand(deps.demandRecorder, customer, created, lines);
      return notifySubmitted(created);
    },

    /**
     * JSON submission referring to objects the customer uploaded with a presigned PUT. Each upload is
     * moved under the request's own prefix, so whatever stays under uploads/ is abandoned and expires.
     */
    async submitWithKeys(customer: Customer, form: QuoteFormInput, lines: QuoteLineInput[], keys: string[]): Promise<QuoteRequest> {
      const items = await resolveItems(lines);
      const perLine = lineKeys(lines, keys);
      const uploaded = await intake.checkUploadedKeys(customer, keys);
      const lineUploads = await intake.checkUploadedKeys(customer, perLine, lineLimit);
      const id = await deps.quotes.reserveQuoteId();
      const written: string[] = [];
      let created: QuoteRequest;
      try {
        const attachments = await intake.claimUploads(customer, quoteAttachmentPrefix(id), uploaded, written);
        const claimed = await intake.claimUploads(customer, quoteAttachmentPrefix(id), lineUploads, written);
        created = await deps.quotes.createQuoteRequest({ id, ...newRequest(customer, form, withLineAttachments(items, lines, claimed), attachments) });
      } catch (err) {
        await intake.removeWritten(written);
        throw err;
      }
      await intake.releaseUploads([...uploaded, ...lineUploads]);
      recordDemand(deps.demandRecorder, customer, created, lines);
      return notifySubmitted(created);
    },

    async adminCreate(admin: Customer, input: AdminQuoteCreate): Promise<QuoteRequest> {
      return deps.quotes.createQuoteRequest({
        customerName: input.customerName,
        customerEmail: input.customerEmail,
        ...(input.customerPhone ? { customerPhone: input.customerPhone } : {}),
        ...(input.customerCompany ? { customerCompany: input.customerCompany } : {}),
        ...(input.notes ? { notes: input.notes } : {}),
        status: input.status,
        items: [],
        attachments: [],
        createdBy: admin.username,
      });
    },

    /** The admin's read: attachments carry short-lived download links. */
    async withDownloadLinks(request: QuoteRequest): Promise<QuoteRequest> {
      const link = (a: Attachment) => deps.blobs.presignGet('attachments', a.key, DOWNLOAD_URL_TTL_SECONDS, a.fileName);
      const attachments = await Promise.all(request.attachments.map(async (a) => ({ ...a, url: await link(a) })));
      const items = await Promise.all(
        request.items.map(async (item) =>
          item.attachments?.length ? { ...item, attachments: await Promise.all(item.attachments.map(async (a) => ({ ...a, url: await link(a) }))) } : item,
        ),
      );
      return { ...request, items, attachments };
    },
  };
}
export type QuoteService = ReturnType<typeof createQuoteService>;
