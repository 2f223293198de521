import type { Readable } from 'node:stream';

export type Bucket = 'attachments' | 'staging';

export interface PresignedPut {
  url: string;
  headers: Record<string, string>;
  expiresAt: string;
}

/** S3 (or s3rver locally). Keys are chosen by the caller. */
export interface BlobStore {
  put(bucket: Bucket, key: string, body: Buffer | Readable, contentType: string, size?: number): Promise<void>;
  /** Size and content type, or undefined when the object does not exist. */
  head(bucket: Bucket, key: string): Promise<{ size: number; contentType?: string } | undefined>;
  /** The first `length` bytes (content sniffing). */
  readStart(bucket: Bucket, key: string, length: number): Promise<Buffer>;
  /** The object, or only the bytes `[range.start, range.end)` of it. */
  stream(bucket: Bucket, key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Server-side copy within one bucket, keeping the content type; NotFoundError when the source is missing. */
  copy(bucket: Bucket, fromKey: string, toKey: string): Promise<void>;
  delete(bucket: Bucket, keys: string[]): Promise<void>;
  presignPut(bucket: Bucket, key: string, contentType: string, size: number, ttlSeconds: number): Promise<PresignedPut>;
  presignGet(bucket: Bucket, key: string, ttlSeconds: number, downloadName?: string): Promise<string>;
  ping(): Promise<void>;
}
