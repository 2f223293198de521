import { randomUUID } from 'node:crypto';
import { ATTACHMENT_UPLOAD_PREFIX, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, QUOTE_ATTACHMENT_PREFIX, type AttachmentMimeType } from '@parts/shared/constants';
import { attachmentTooLargeMessage as tooLargeMessage, attachmentTypeMessage as unsupportedTypeMessage } from '@parts/shared/attachment-messages';
import type { Attachment } from '@parts/shared/schemas';
import { NotFoundError, ValidationError } from '../../domain/errors';
import { sniffAttachmentType } from '../../domain/file-type';
import type { BlobStore } from '../../ports/blob-store';
import type { Logger } from '../../lib/logger';

/**
 * The one intake of attachments, for quote requests and their messages alike: every file is checked
 * by size and by its first bytes, multipart files are written under the request's prefix, and direct
 * (presigned) uploads are moved there on claim (docs/decisions/012).
 */

export { tooLargeMessage, unsupportedTypeMessage };
export const TOO_MANY_ATTACHMENTS = `At most ${MAX_ATTACHMENTS} attachments`;
export const ATTACHMENT_NOT_FOUND = 'Attachment not found; upload it again';

export interface Uploader {
  id: number;
  username: string;
}

export interface IncomingFile {
  fileName: string;
  data: Buffer;
  /** The sender cut it off at the size limit: it is too large. */
  truncated: boolean;
}

/**
 * A file's name as shown and offered for download: its last path part, without control, format and bidi
 * characters. Any other character is kept (`drawing..v2.pdf` is a fine name); a name of dots alone or
 * nothing becomes "file". Keys are the server's own (`<prefix><uuid>/<encoded name>`, see `attachmentKey`).
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const trimmed = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f"\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, '')
    // A lone surrogate cannot be URI-encoded into a key.
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .trim();
  const cleaned = shorten(trimmed);
  return cleaned === '' || /^\.+$/.test(cleaned) ? 'file' : cleaned;
}

/** Names are cut to 200 characters, and to 600 once URI-encoded (S3 keys are at most 1024 bytes; prefix and uuid take < 100). */
const MAX_NAME_CHARS = 200;
const MAX_ENCODED_NAME = 600;

/** The extensions a stored name may keep for each detected type; the first is the one given otherwise. */
const EXTENSIONS: Record<AttachmentMimeType, string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
};

/**
 * The stored name of a file whose first bytes say `type` (issue 26): its extension is that type's, so a
 * PDF named `evil.html` is stored and offered for download as `evil.pdf` (and `drawing` as `drawing.pdf`).
 */
export function nameForType(fileName: string, type: AttachmentMimeType): string {
  const allowed = EXTENSIONS[type];
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot).toLowerCase() : '';
  if (allowed.includes(extension)) return fileName;
  const stem = dot > 0 ? fileName.slice(0, dot) : fileName;
  return `${stem}${allowed[0]}`;
}

/** Shortens the stem of a name too long as it is or once encoded (non-Latin names), keeping a short extension. */
function shorten(name: string): string {
  const fits = (text: string) => Array.from(text).length <= MAX_NAME_CHARS && encodeURIComponent(text).length <= MAX_ENCODED_NAME;
  if (fits(name)) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  const stem = Array.from(extension ? name.slice(0, dot) : name).slice(0, MAX_NAME_CHARS);
  while (stem.length > 0 && !fits(stem.join('') + extension)) stem.pop();
  return (stem.join('').trim() + extension).trim();
}

/** The key of a new attachment under `prefix`: a fresh uuid, then the cleaned name, URI-encoded (one key segment). */
export function attachmentKey(prefix: string, fileName: string): string {
  return `${prefix}${randomUUID()}/${encodeURIComponent(safeFileName(fileName))}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The file name of a key `attachmentKey(prefix, …)` built, or undefined for any key of another shape
 * (another prefix, no uuid, more segments, a name part the server would not have written).
 */
export function nameOfAttachmentKey(prefix: string, key: string): string | undefined {
  if (!key.startsWith(prefix)) return undefined;
  const parts = key.slice(prefix.length).split('/');
  if (parts.length !== 2 || !UUID.test(parts[0]!)) return undefined;
  const segment = parts[1]!;
  const name = decodeKeyName(segment);
  return name !== undefined && encodeURIComponent(safeFileName(name)) === segment ? name : undefined;
}

function decodeKeyName(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Direct uploads live under the uploader's own prefix, so a key proves whose it is. */
export const attachmentUploadPrefix = (userId: number) => `${ATTACHMENT_UPLOAD_PREFIX}${userId}/`;
/** A stored request's files (its messages' included) live under its id; nothing expires there. */
export const quoteAttachmentPrefix = (quoteId: number) => `${QUOTE_ATTACHMENT_PREFIX}${quoteId}/`;

export function createAttachmentIntake(deps: { blobs: BlobStore; logger: Logger }) {
  /** Checks multipart files before anything is written. */
  function checkFiles(files: IncomingFile[]): Attachment[] {
    if (files.length > MAX_ATTACHMENTS) throw new ValidationError(TOO_MANY_ATTACHMENTS);
    return files.map((f) => {
      if (f.truncated || f.data.length > MAX_ATTACHMENT_BYTES) throw new ValidationError(tooLargeMessage(f.fileName));
      const type = sniffAttachmentType(f.data);
      if (!type) throw new ValidationError(unsupportedTypeMessage(f.fileName));
      return { key: '', fileName: nameForType(safeFileName(f.fileName), type), contentType: type, size: f.data.length };
    });
  }

  /** Checks each directly uploaded object; objects that can never be attached (too big, wrong type) are deleted. */
  async function checkUploadedKeys(
    uploader: Uploader,
    keys: string[],
    limit: { max: number; message: string } = { max: MAX_ATTACHMENTS, message: TOO_MANY_ATTACHMENTS },
  ): Promise<Attachment[]> {
    if (keys.length > limit.max) throw new ValidationError(limit.message);
    if (new Set(keys).size !== keys.length) throw new ValidationError('The same attachment is listed twice');
    const prefix = attachmentUploadPrefix(uploader.id);
    const out: Attachment[] = [];
    for (const key of keys) {
      // Only a key of the shape the server hands out: the owner's prefix, a uuid, the encoded name.
      const fileName = nameOfAttachmentKey(prefix, key);
      if (fileName === undefined) throw new ValidationError(ATTACHMENT_NOT_FOUND);
      const head = await deps.blobs.head('attachments', key);
      if (!head) throw new ValidationError(ATTACHMENT_NOT_FOUND);
      if (head.size > MAX_ATTACHMENT_BYTES) {
        await deps.blobs.delete('attachments', [key]);
        throw new ValidationError(tooLargeMessage(fileName));
      }
      const type = head.size === 0 ? undefined : sniffAttachmentType(await deps.blobs.readStart('attachments', key, head.size));
      if (!type) {
        await deps.blobs.delete('attachments', [key]);
        throw new ValidationError(unsupportedTypeMessage(fileName));
      }
      out.push({ key, fileName: nameForType(fileName, type), contentType: type, size: head.size });
    }
    return out;
  }

  /** Writes checked multipart files under `prefix`; every key written is pushed to `written` as it lands. */
  async function storeFiles(prefix: string, checked: Attachment[], files: IncomingFile[], written: string[]): Promise<Attachment[]> {
    const attachments: Attachment[] = [];
    for (const [i, a] of checked.entries()) {
      const key = attachmentKey(prefix, a.fileName);
      await deps.blobs.put('attachments', key, files[i]!.data, a.contentType, a.size);
      written.push(key);
      attachments.push({ ...a, key });
    }
    return attachments;
  }

  /** Copies checked uploads under `prefix` (the uploads stay until releaseUploads); copies land in `written`. */
  async function claimUploads(uploader: Uploader, prefix: string, uploaded: Attachment[], written: string[]): Promise<Attachment[]> {
    const uploadPrefix = attachmentUploadPrefix(uploader.id);
    const attachments: Attachment[] = [];
    for (const a of uploaded) {
      const key = `${prefix}${a.key.slice(uploadPrefix.length)}`;
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
    return attachments;
  }

  /** Deletes objects written for something that was then not stored; the original error wins. */
  async function removeWritten(written: string[]) {
    if (written.length === 0) return;
    await deps.blobs
      .delete('attachments', written)
      .catch((e: unknown) => deps.logger.error('quote.attachment_cleanup_failed', { keys: written, error: String(e) }));
  }

  /** Once the claim is stored, an upload left behind is only garbage that the bucket lifecycle expires. */
  async function releaseUploads(uploaded: Attachment[]) {
    if (uploaded.length === 0) return;
    await deps.blobs
      .delete(
        'attachments',
        uploaded.map((a) => a.key),
      )
      .catch((e: unknown) => deps.logger.warn('quote.upload_cleanup_failed', { keys: uploaded.map((a) => a.key), error: String(e) }));
  }

  return { checkFiles, checkUploadedKeys, storeFiles, claimUploads, removeWritten, releaseUploads };
}
export type AttachmentIntake = ReturnType<typeof createAttachmentIntake>;
