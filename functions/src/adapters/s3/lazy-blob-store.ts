import { lazyMethods } from '../../lib/lazy-methods';
import type { BlobStore } from '../../ports/blob-store';

/**
 * A BlobStore whose implementation is created on the first call (every method is async): the Lambda's
 * cold start does not load the S3 client and presigner for requests that never touch a bucket.
 * A failed load is retried on the next call.
 */
export function createLazyBlobStore(load: () => Promise<BlobStore>): BlobStore {
  return lazyMethods(load, { put: true, head: true, readStart: true, stream: true, copy: true, delete: true, presignPut: true, presignGet: true, ping: true });
}
