import { attachmentTooLargeMessage, attachmentTypeMessage } from '@parts/shared/attachment-messages';
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MIME_TYPES, MAX_ATTACHMENT_BYTES } from '@parts/shared/constants';

const mimeByExtension: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/** The MIME type to declare: the browser's when it is an allowed one, else the one the extension implies. */
export function attachmentContentType(file: Pick<File, 'name' | 'type'>): string {
  if ((ATTACHMENT_MIME_TYPES as readonly string[]).includes(file.type)) return file.type;
  return mimeByExtension[extensionOf(file.name)] ?? file.type;
}

export type AttachmentProblem = { title: 'File too large' | 'Invalid file type'; description: string };

/** The first reason a file cannot be attached, in the spec's words; null when it is fine. */
export function checkAttachment(file: Pick<File, 'name' | 'type' | 'size'>): AttachmentProblem | null {
  const extOk = (ATTACHMENT_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
  const typeOk = file.type === '' || file.type === 'application/octet-stream' || (ATTACHMENT_MIME_TYPES as readonly string[]).includes(file.type);
  if (!extOk || !typeOk) return { title: 'Invalid file type', description: attachmentTypeMessage(file.name) };
  if (file.size > MAX_ATTACHMENT_BYTES) return { title: 'File too large', description: attachmentTooLargeMessage(file.name) };
  return null;
}
