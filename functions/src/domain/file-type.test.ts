import { describe, expect, test } from 'vitest';
import { sniffAttachmentType } from './file-type';

/** A minimal stored (uncompressed) zip with the given entry names, central directory included. */
export function buildZip(names: string[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const data = Buffer.from('x');
    const n = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, data);
    centrals.push(central, n);
    offset += 30 + n.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

describe('sniffAttachmentType', () => {
  test.each([
    ['JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]), 'image/jpeg'],
    ['PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'image/png'],
    ['PDF', Buffer.from('%PDF-1.7\n...'), 'application/pdf'],
    ['DOC', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]), 'application/msword'],
    ['DOCX', buildZip(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ])('recognises %s by its first bytes', (_name, bytes, type) => {
    expect(sniffAttachmentType(bytes)).toBe(type);
  });

  test('a zip without a word/ entry (e.g. an .xlsx or any archive) is not a DOCX', () => {
    expect(sniffAttachmentType(buildZip(['[Content_Types].xml', 'xl/workbook.xml']))).toBeUndefined();
  });

  test('text named .pdf, an executable and an empty file are refused', () => {
    expect(sniffAttachmentType(Buffer.from('just text pretending to be a PDF'))).toBeUndefined();
    expect(sniffAttachmentType(Buffer.from([0x4d, 0x5a, 0x90, 0]))).toBeUndefined();
    expect(sniffAttachmentType(Buffer.alloc(0))).toBeUndefined();
  });

  test('a truncated zip is judged from its local headers', () => {
    const zip = buildZip(['word/document.xml']);
    expect(sniffAttachmentType(zip.subarray(0, 40))).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });
});
