import { describe, expect, it } from 'vitest';
import { attachmentKey, nameForType, nameOfAttachmentKey, safeFileName } from './attachments';

describe('attachment names and keys', () => {
  it('keeps any safe character, drops path parts, control, format and bidi characters', () => {
    expect(safeFileName('drawing..v2.pdf')).toBe('drawing..v2.pdf');
    expect(safeFileName('C:\\Users\\me\\..\\plan (rev 2).pdf')).toBe('plan (rev 2).pdf');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('a\u0000b\u0085c\u200bd\u202ee\u2066f.pdf')).toBe('abcdef.pdf');
    expect(safeFileName('Zeichnung für Ölpumpe.pdf')).toBe('Zeichnung für Ölpumpe.pdf');
  });

  it('turns an empty name or one of dots alone into "file", and never leaves a lone surrogate', () => {
    for (const name of ['', '   ', '.', '..', '...', 'dir/..', '\u0000']) expect(safeFileName(name)).toBe('file');
    const cut = safeFileName(`${'a'.repeat(199)}😀😀`);
    expect(Array.from(cut)).toHaveLength(200);
    expect(() => encodeURIComponent(cut)).not.toThrow();
    expect(safeFileName('x\ud800y.pdf')).toBe('xy.pdf');
  });

  it("shortens a long non-Latin name so its key stays within S3's 1024 bytes, keeping the extension", () => {
    const name = safeFileName(`${'図面'.repeat(100)}.pdf`);
    expect(name.endsWith('.pdf')).toBe(true);
    expect(name.startsWith('図面図面')).toBe(true);
    const key = attachmentKey('uploads/123456789/', name);
    expect(Buffer.byteLength(key)).toBeLessThanOrEqual(1024);
    expect(nameOfAttachmentKey('uploads/123456789/', key)).toBe(name);
  });

  it('reads back the name of a key the server built, and refuses keys of any other shape', () => {
    const prefix = 'uploads/7/';
    const key = attachmentKey(prefix, 'drawing..v2 (final).pdf');
    expect(key).toMatch(/^uploads\/7\/[0-9a-f-]{36}\/drawing\.\.v2%20\(final\)\.pdf$/);
    expect(nameOfAttachmentKey(prefix, key)).toBe('drawing..v2 (final).pdf');
    const id = key.split('/')[2]!;
    for (const forged of [
      `uploads/8/${id}/a.pdf`,
      `uploads/7/${id}/../${id}/a.pdf`,
      `uploads/7/${id}/x/a.pdf`,
      `uploads/7/${id}/a%2Fb.pdf`,
      `uploads/7/${id}/..`,
      `uploads/7/${id}/%E0%A4%A`,
      `uploads/7/${id}/a b.pdf`,
      `uploads/7/not-a-uuid/a.pdf`,
      `uploads/7/${id}`,
    ]) {
      expect(nameOfAttachmentKey(prefix, forged)).toBeUndefined();
    }
  });
});

describe('stored names take the extension of the detected type (issue 26)', () => {
  it.each([
    ['evil.html', 'application/pdf', 'evil.pdf'],
    ['evil.pdf.html', 'application/pdf', 'evil.pdf.pdf'],
    ['drawing', 'application/pdf', 'drawing.pdf'],
    ['photo.JPEG', 'image/jpeg', 'photo.JPEG'],
    ['photo.png', 'image/jpeg', 'photo.jpg'],
    ['spec.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'spec.docx'],
    ['spec.doc', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'spec.docx'],
    ['drawing..v2.pdf', 'application/pdf', 'drawing..v2.pdf'],
    ['.htaccess', 'image/png', '.htaccess.png'],
  ] as const)('%j as %s → %j', (name, type, expected) => {
    expect(nameForType(name, type)).toBe(expected);
  });
});
