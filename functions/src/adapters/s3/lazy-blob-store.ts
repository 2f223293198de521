import type { BlobStore } from '../../ports/blob-store';

/**
 * A BlobStore whose implementation is created on the first call (every method is async): the Lambda's
 * cold start does not load the S3 client and presigner for requests that never touch a bucket.
 * A failed load is retried on the next call.
 */
export function createLazyBlobStore(load: () => Promise<BlobStore>): BlobStore {
  let store: Promise<BlobStore> | undefined;
  const get = () => {
    store ??= load().catch((error: unknown) => {
      store = undefined;
      throw error;
    });
    return store;
  };
  return {
    put: async (...args) => (await get()).put(...args),
    head: async (...args) => (await get()).head(...args),
    readStart: async (...args) => (await get()).readStart(...args),
    stream: async (...args) => (await get()).stream(...args),
    copy: async (...args) => (await get()).copy(...args),
    delete: async (...args) => (await get()).delete(...args),
    presignPut: async (...args) => (await get()).presignPut(...args),
    presignGet: async (...args) => (await get()).presignGet(...args),
    ping: async () => (await get()).ping(),
  };
}
