import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import { QUOTE_ATTACHMENT_PREFIX } from '@parts/shared/constants';
import { NotFoundError, UnavailableError, ValidationError, DomainError } from '../../domain/errors';
import type { BlobStore, Bucket } from '../../ports/blob-store';

export interface S3BlobStoreOptions {
  client: S3Client;
  buckets: Record<Bucket, string>;
  /** Signs browser-facing URLs when the browser reaches S3 at another origin than the server does. */
  presignClient?: S3Client;
  /**
   * 'site': a quote attachment's download link is a path on the site itself (`/quotes/…?X-Amz-…`), which the
   * edge (CloudFront; locally the Node server) forwards to the bucket with the signature intact and answers
   * with the site's security headers, `nosniff` among them (ADR 110). 's3' (default): the bucket's own URL.
   */
  downloads?: 'site' | 's3';
}

/** The path under which the site serves quote attachments: the objects' own keys (ADR 110). */
export const SITE_DOWNLOAD_PREFIX = `/${QUOTE_ATTACHMENT_PREFIX}`;

const MAX_KEY_BYTES = 1024;
const MAX_TTL_SECONDS = 7 * 24 * 3600;

export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore {
  const { client } = options;
  const signer = options.presignClient ?? client;

  const bucketName = (bucket: Bucket) => {
    const name = options.buckets[bucket];
    if (!name) throw new ValidationError(`Unknown bucket ${String(bucket)}`);
    return name;
  };
  const checkKey = (key: unknown): string => {
    if (typeof key !== 'string' || key.length === 0 || Buffer.byteLength(key) > MAX_KEY_BYTES) {
      throw new ValidationError('Object key must be 1 to 1024 bytes');
    }
    return key;
  };
  const checkTtl = (ttl: unknown): number => {
    if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl < 1 || ttl > MAX_TTL_SECONDS) {
      throw new ValidationError('Link lifetime must be 1 second to 7 days');
    }
    return ttl;
  };

  const store: BlobStore = {
    async put(bucket, key, body, contentType, size) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucketName(bucket),
          Key: checkKey(key),
          Body: body,
          ContentType: contentType,
          ...(size !== undefined ? { ContentLength: size } : {}),
        }),
      );
    },

    async head(bucket, key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket: bucketName(bucket), Key: checkKey(key) }));
        return { size: res.ContentLength ?? 0, ...(res.ContentType ? { contentType: res.ContentType } : {}) };
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },

    async readStart(bucket, key, length) {
      if (!Number.isInteger(length) || length < 1) throw new ValidationError('length must be a positive integer');
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucketName(bucket), Key: checkKey(key), Range: `bytes=0-${length - 1}` }));
        const bytes = Buffer.from((await res.Body?.transformToByteArray()) ?? new Uint8Array());
        // Some servers ignore Range; never hand back more than was asked for.
        return bytes.subarray(0, length);
      } catch (err) {
        if (httpStatus(err) === 416) return Buffer.alloc(0);
        if (isMissing(err)) throw new NotFoundError('File not found');
        throw err;
      }
    },

    async stream(bucket, key, range) {
      if (range && !(Number.isInteger(range.start) && Number.isInteger(range.end) && range.start >= 0 && range.end > range.start)) {
        throw new ValidationError('range must be whole byte offsets with start < end');
      }
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket: bucketName(bucket), Key: checkKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end - 1}` } : {}) }),
        );
        // A server that ignored Range answers 200 with the whole object; only a 206 holds just the range.
        if (range && res.$metadata.httpStatusCode !== 206) throw new UnavailableError('File storage ignored the byte range');
        if (!res.Body) throw new NotFoundError('File not found');
        return res.Body as Readable;
      } catch (err) {
        if (isMissing(err)) throw new NotFoundError('File not found');
        throw err;
      }
    },

    async copy(bucket, fromKey, toKey) {
      const name = bucketName(bucket);
      try {
        await client.send(
          new CopyObjectCommand({
            Bucket: name,
            Key: checkKey(toKey),
            // The copy source is a URL path: each key segment percent-encoded, the slashes kept.
            CopySource: `${name}/${checkKey(fromKey).split('/').map(encodeURIComponent).join('/')}`,
          }),
        );
      } catch (err) {
        if (isMissing(err)) throw new NotFoundError('File not found');
        throw err;
      }
    },

    async delete(bucket, keysToDelete) {
      if (!Array.isArray(keysToDelete)) throw new ValidationError('keys must be an array');
      const valid = keysToDelete.map(checkKey);
      for (let i = 0; i < valid.length; i += 1000) {
        await client.send(
          new DeleteObjectsCommand({
            Bucket: bucketName(bucket),
            Delete: { Objects: valid.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
          }),
        );
      }
    },

    async presignPut(bucket, key, contentType, size, ttlSeconds) {
      if (!Number.isInteger(size) || size < 0) throw new ValidationError('size must be a non-negative integer');
      if (typeof contentType !== 'string' || !contentType) throw new ValidationError('contentType is required');
      const ttl = checkTtl(ttlSeconds);
      const url = await getSignedUrl(
        signer,
        new PutObjectCommand({ Bucket: bucketName(bucket), Key: checkKey(key), ContentType: contentType, ContentLength: size }),
        // Signed, so the upload must carry exactly this type and size.
        { expiresIn: ttl, signableHeaders: new Set(['content-type', 'content-length']) },
      );
      return { url, headers: { 'content-type': contentType }, expiresAt: new Date(Date.now() + ttl * 1000).toISOString() };
    },

    async presignGet(bucket, key, ttlSeconds, downloadName) {
      const ttl = checkTtl(ttlSeconds);
      const viaSite = options.downloads === 'site' && bucket === 'attachments' && checkKey(key).startsWith(QUOTE_ATTACHMENT_PREFIX);
      const url = await getSignedUrl(
        // Through the site, the request reaches S3 from the edge at the server's own S3 endpoint: signed for that host.
        viaSite ? client : signer,
        new GetObjectCommand({
          Bucket: bucketName(bucket),
          Key: checkKey(key),
          // Part of the signature: whoever holds the link cannot drop the download disposition.
          ResponseContentDisposition: downloadName ? contentDisposition(downloadName) : 'attachment',
        }),
        { expiresIn: ttl },
      );
      return viaSite ? sitePath(url, bucketName(bucket)) : url;
    },

    async ping() {
      await Promise.all(Object.values(options.buckets).map((Bucket) => client.send(new HeadBucketCommand({ Bucket }))));
    },
  };

  return failuresAsUnavailable(store);
}

/** Every method of the store, with an S3 failure that is not a domain error (bad key, missing file) answered as "unavailable". */
function failuresAsUnavailable(store: BlobStore): BlobStore {
  const wrapped: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(store)) {
    wrapped[name] = async (...args: unknown[]) => {
      try {
        return await (fn as (...a: unknown[]) => Promise<unknown>)(...args);
      } catch (err) {
        if (err instanceof DomainError) throw err;
        throw new UnavailableError(`File storage failed (${err instanceof Error ? err.name : 'error'})`);
      }
    };
  }
  return wrapped as unknown as BlobStore;
}

/**
 * The signed URL as a path on the site: the object's path (without the bucket segment of a path-style URL)
 * and the signed query, unchanged. Relative, so it works on whatever address the site is reached at.
 */
function sitePath(signed: string, bucket: string): string {
  const url = new URL(signed);
  const path = url.pathname.startsWith(`/${bucket}/`) ? url.pathname.slice(bucket.length + 1) : url.pathname;
  if (!path.startsWith(SITE_DOWNLOAD_PREFIX)) throw new ValidationError('Only quote attachments are served through the site');
  return `${path}${url.search}`;
}

/** attachment; filename="ascii fallback"; filename*=UTF-8''exact name (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function httpStatus(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

function isMissing(err: unknown): boolean {
  const name = err instanceof Error ? err.name : '';
  return name === 'NoSuchKey' || name === 'NotFound' || httpStatus(err) === 404;
}
