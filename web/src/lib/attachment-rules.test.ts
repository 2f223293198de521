import { describe, expect, it } from 'vitest';
import { attachmentContentType, checkAttachment } from './attachment-rules';

describe('attachment rules', () => {
  it('accepts the allowed types up to 5 MB', () => {
    expect(checkAttachment({ name: 'a.PDF', type: 'application/pdf', size: 5_242_880 })).toBeNull();
    expect(checkAttachment({ name: 'b.docx', type: '', size: 10 })).toBeNull();
  });

  it('refuses other types and bigger files with the spec texts', () => {
    expect(checkAttachment({ name: 'x.exe', type: 'application/x-msdownload', size: 1 })).toEqual({
      title: 'Invalid file type',
      description: 'x.exe is not a supported file type.',
    });
    expect(checkAttachment({ name: 'fake.pdf', type: 'text/html', size: 1 })?.title).toBe('Invalid file type');
    expect(checkAttachment({ name: 'big.png', type: 'image/png', size: 5_242_881 })).toEqual({
      title: 'File too large',
      description: 'big.png exceeds the 5MB limit.',
    });
  });

  it('derives the content type from the extension when the browser gives none', () => {
    expect(attachmentContentType({ name: 'd.doc', type: '' })).toBe('application/msword');
    expect(attachmentContentType({ name: 'p.jpg', type: 'image/jpeg' })).toBe('image/jpeg');
  });
});
