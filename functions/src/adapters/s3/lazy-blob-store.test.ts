import { describe, expect, it, vi } from 'vitest';
import type { BlobStore } from '../../ports/blob-store';
import { createLazyBlobStore } from './lazy-blob-store';

function fakeStore(): BlobStore {
  return {
    put: vi.fn(async () => undefined),
    head: vi.fn(async () => ({ size: 3, contentType: 'text/plain' })),
    readStart: vi.fn(async () => Buffer.from('abc')),
    stream: vi.fn(),
    copy: vi.fn(async () => undefined),
    delete: vi.fn(async () => undefined),
    presignPut: vi.fn(async () => ({ url: 'https://put', headers: {}, expiresAt: 'later' })),
    presignGet: vi.fn(async () => 'https://get'),
    ping: vi.fn(async () => undefined),
  };
}

describe('createLazyBlobStore', () => {
  it('loads the store on the first call only, and passes every call through', async () => {
    const store = fakeStore();
    const load = vi.fn(async () => store);
    const lazy = createLazyBlobStore(load);
    expect(load).not.toHaveBeenCalled();
    expect(await lazy.head('attachments', 'a.txt')).toEqual({ size: 3, contentType: 'text/plain' });
    expect(await lazy.presignGet('staging', 'b.csv', 60, 'b.csv')).toBe('https://get');
    await lazy.delete('attachments', ['a.txt']);
    expect(load).toHaveBeenCalledTimes(1);
    expect(store.presignGet).toHaveBeenCalledWith('staging', 'b.csv', 60, 'b.csv');
    expect(store.delete).toHaveBeenCalledWith('attachments', ['a.txt']);
  });

  it('tries the load again after it failed', async () => {
    const store = fakeStore();
    const load = vi.fn<() => Promise<BlobStore>>().mockRejectedValueOnce(new Error('no module')).mockResolvedValue(store);
    const lazy = createLazyBlobStore(load);
    await expect(lazy.ping()).rejects.toThrow('no module');
    await lazy.ping();
    expect(load).toHaveBeenCalledTimes(2);
    expect(store.ping).toHaveBeenCalledTimes(1);
  });
});
