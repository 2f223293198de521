import type { AttachmentMimeType } from '@parts/shared/constants';

const startsWith = (buf: Buffer, bytes: number[]) => bytes.every((b, i) => buf[i] === b);

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

/**
 * The attachment type from the file's first bytes, never from its name. `buf` should hold the whole
 * file (attachments are at most 5 MB) so a DOCX is recognised by a `word/` entry in the zip.
 */
export function sniffAttachmentType(buf: Buffer): AttachmentMimeType | undefined {
  if (startsWith(buf, JPEG)) return 'image/jpeg';
  if (startsWith(buf, PNG)) return 'image/png';
  if (startsWith(buf, PDF)) return 'application/pdf';
  if (startsWith(buf, OLE)) return 'application/msword';
  if (startsWith(buf, ZIP) && zipHasWordEntry(buf)) {
    return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  }
  return undefined;
}

/** Walks the zip's central directory (or, if truncated, the local headers) looking for a `word/` entry. */
export function zipHasWordEntry(buf: Buffer): boolean {
  const names = centralDirectoryNames(buf) ?? localHeaderNames(buf);
  return names.some((n) => n.startsWith('word/'));
}

function centralDirectoryNames(buf: Buffer): string[] | undefined {
  // End of central directory: signature 0x06054b50, at most 22 + 65535 bytes from the end.
  const min = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) !== 0x06054b50) continue;
    const count = buf.readUInt16LE(i + 10);
    let offset = buf.readUInt32LE(i + 16);
    const names: string[] = [];
    for (let e = 0; e < count; e++) {
      if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== 0x02014b50) return undefined;
      const nameLength = buf.readUInt16LE(offset + 28);
      const extraLength = buf.readUInt16LE(offset + 30);
      const commentLength = buf.readUInt16LE(offset + 32);
      names.push(buf.toString('utf8', offset + 46, Math.min(buf.length, offset + 46 + nameLength)));
      offset += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  }
  return undefined;
}

function localHeaderNames(buf: Buffer): string[] {
  const names: string[] = [];
  let offset = 0;
  while (offset + 30 <= buf.length && buf.readUInt32LE(offset) === 0x04034b50) {
    const flags = buf.readUInt16LE(offset + 6);
    const compressed = buf.readUInt32LE(offset + 18);
    const nameLength = buf.readUInt16LE(offset + 26);
    const extraLength = buf.readUInt16LE(offset + 28);
    names.push(buf.toString('utf8', offset + 30, Math.min(buf.length, offset + 30 + nameLength)));
    // A data descriptor (flag bit 3) hides the size; stop rather than guess.
    if (flags & 0x08) break;
    offset += 30 + nameLength + extraLength + compressed;
  }
  return names;
}
