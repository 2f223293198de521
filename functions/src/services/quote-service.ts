import { randomUUID } from 'node:crypto';
import {
  ATTACHMENT_UPLOAD_PREFIX,
  DOWNLOAD_URL_TTL_SECONDS,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  QUOTE_ATTACHMENT_PREFIX,
} from '@parts/shared/constants';
import type { AdminQuoteCreate, Attachment, QuoteFormInput, QuoteLineInput, QuoteRequest } from '@parts/shared/schemas';
import { NotFoundError, ValidationError } from '../domain/errors';
import { sniffAttachmentType } from '../domain/file-type';
import type { BlobStore } from '../ports/blob-store';
import type { CatalogRepository } from '../ports/catalog-repository';
import type { NewQuoteRequest, QuoteRepository } from '../ports/quote-repository';
import type { Logger } from '../lib/logger';

export const tooLargeMessage = (fileName: string) => `${fileName} exceeds the 5MB limit.`;
export const unsupportedTypeMessage = (fileName: string) => `${fileName} is not a supported file type.`;
export const TOO_MANY_ATTACHMENTS = 'At most 10 attachments';
export const ATTACHMENT_NOT_FOUND = 'Attachment not found; upload it again';

export interface Customer {
  id: number;
  username: string;
}

export interface IncomingFile {
  fileName: string;
  data: Buffer;
  /** The sender cut it off at the size limit: it is too large. */
  truncated: boolean;
}

export interface QuoteServiceDeps {
  catalog: CatalogRepository;
  quotes: QuoteRepository;
  blobs: BlobStore;
  logger: Logger;
}

/** File names are kept for display and downloads only; keys never contain them raw. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 200);
  return cleaned || 'file';
}

function decodeKeyName(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Direct uploads live under the uploader's own prefix, so a key proves whose it is. */
export const attachmentUploadPrefix = (userId: number) => `${ATTACHMENT_UPLOAD_PREFIX}${userId}/`;
/** A stored request's files live under its id; nothing expires there. */
export const quoteAttachmentPrefix = (quoteId: number) => `${QUOTE_ATTACHMENT_PREFIX}${quoteId}/`;

export function createQuoteService(deps: QuoteServiceDeps) {
  async function resolveItems(lines: QuoteLineInput[]): Promise<NewQuoteRequest['items']> {
    const parts = new Map((await deps.catalog.getParts([...new Set(lines.map((l) => l.partId))])).map((p) => [p.id, p]));
    return lines.map((line, i) => {
      const part = parts.get(line.partId);
      if (!part) {
        const message = `Part ${line.partId} not found`;
        throw new ValidationError(message, [{ path: `items.${i}.partId`, message }]);
      }
      return { partId: part.id, partNumber: part.partNumber, name: part.name, slug: part.slug, quantity: line.quantity };
    });
  }

  function checkFiles(files: IncomingFile[]): Attachment[] {
    if (files.length > MAX_ATTACHMENTS) throw new ValidationError(TOO_MANY_ATTACHMENTS);
    return files.map((f) => {
      if (f.truncated || f.data.length > MAX_ATTACHMENT_BYTES) throw new ValidationError(tooLargeMessage(f.fileName));
      const type = sniffAttachmentType(f.data);
      if (!type) throw new ValidationError(unsupportedTypeMessage(f.fileName));
      return { key: '', fileName: safeFileName(f.fileName), contentType: type, size: f.data.length };
    });
  }

  /** Checks each directly uploaded object; objects that can never be attached (too big, wrong type) are deleted. */
  async function checkUploadedKeys(customer: Customer, keys: string[]): Promise<Attachment[]> {
    if (keys.length > MAX_ATTACHMENTS) throw new ValidationError(TOO_MANY_ATTACHMENTS);
    if (new Set(keys).size !== keys.length) throw new ValidationError('The same attachment is listed twice');
    const prefix = attachmentUploadPrefix(customer.id);
    const out: Attachment[] = [];
    for (const key of keys) {
      if (!key.startsWith(prefix) || key.includes('..')) throw new ValidationError(ATTACHMENT_NOT_FOUND);
      const head = await deps.blobs.head('attachments', key);
      if (!head) throw new ValidationError(ATTACHMENT_NOT_FOUND);
      const fileName = safeFileName(decodeKeyName(key.slice(key.lastIndexOf('/') + 1)));
      if (head.size > MAX_ATTACHMENT_BYTES) {
        await deps.blobs.delete('attachments', [key]);
        throw new ValidationError(tooLargeMessage(fileName));
      }
      const type = head.size === 0 ? undefined : sniffAttachmentType(await deps.blobs.readStart('attachments', key, head.size));
      if (!type) {
        await deps.blobs.delete('attachments', [key]);
        throw new ValidationError(unsupportedTypeMessage(fileName));
      }
      out.push({ key, fileName, contentType: type, size: head.size });
    }
    return out;
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

  /** Deletes objects written for a request that was then not stored; the request's own error wins. */
  async function removeWritten(written: string[]) {
    if (written.length === 0) return;
    await deps.blobs.delete('attachments', written).catch((e: unknown) =>
      deps.logger.error('quote.attachment_cleanup_failed', { keys: written, error: String(e) }),
    );
  }

  return {
    /** Multipart submission: everything is checked before the first byte is written to S3. */
    async submitWithFiles(customer: Customer, form: QuoteFormInput, lines: QuoteLineInput[], files: IncomingFile[]): Promise<QuoteRequest> {
      const checked = checkFiles(files);
      const items = await resolveItems(lines);
      const id = await deps.quotes.reserveQuoteId();
      const written: string[] = [];
      try {
        const attachments: Attachment[] = [];
        for (const [i, a] of checked.entries()) {
          const key = `${quoteAttachmentPrefix(id)}${randomUUID()}/${encodeURIComponent(a.fileName)}`;
          await deps.blobs.put('attachments', key, files[i]!.data, a.contentType, a.size);
          written.push(key);
          attachments.push({ ...a, key });
        }
        return await deps.quotes.createQuoteRequest({ id, ...newRequest(customer, form, items, attachments) });
      } catch (err) {
        await removeWritten(written);
        throw err;
      }
    },

    /**
     * JSON submission referring to objects the customer uploaded with a presigned PUT. Each upload is
     * moved under the request's own prefix, so whatever stays under uploads/ is abandoned and expires.
     */
    async submitWithKeys(customer: Customer, form: QuoteFormInput, lines: QuoteLineInput[], keys: string[]): Promise<QuoteRequest> {
      const items = await resolveItems(lines);
      const uploaded = await checkUploadedKeys(customer, keys);
      const id = await deps.quotes.reserveQuoteId();
      const uploadPrefix = attachmentUploadPrefix(customer.id);
      const written: string[] = [];
      let created: QuoteRequest;
      try {
        const attachments: Attachment[] = [];
        for (const a of uploaded) {
          const key = `${quoteAttachmentPrefix(id)}${a.key.slice(uploadPrefix.length)}`;
          try {
            await deps.blobs.copy('attachments', a.key, key);
          } catch (err) {
            // Claimed by a concurrent submission of the same upload in the meantime.
            if (err instanceof NotFoundError) throw new ValidationError(ATTACHMENT_NOT_FOUND);
            throw err;
          }
          written.push(key);
          attachments.push({ ...a, key });
        }
        created = await deps.quotes.createQuoteRequest({ id, ...newRequest(customer, form, items, attachments) });
      } catch (err) {
        await removeWritten(written);
        throw err;
      }
      // The request is stored; an upload left behind here is only garbage that the bucket lifecycle expires.
      await deps.blobs.delete('attachments', uploaded.map((a) => a.key)).catch((e: unknown) =>
        deps.logger.warn('quote.upload_cleanup_failed', { keys: uploaded.map((a) => a.key), error: String(e) }),
      );
      return created;
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
      const attachments = await Promise.all(
        request.attachments.map(async (a) => ({
          ...a,
          url: await deps.blobs.presignGet('attachments', a.key, DOWNLOAD_URL_TTL_SECONDS, a.fileName),
        })),
      );
      return { ...request, attachments };
    },
  };
}
export type QuoteService = ReturnType<typeof createQuoteService>;
