/**
 * Time limits for every AWS SDK client we build (DynamoDB, S3; in AWS and on the local stand-ins).
 * Without them a request the other side never answers waits forever: a chunk of an import, a page
 * render or the index sync would hang instead of failing and being retried. The SDK retries a timed-out
 * request like any transient error (3 attempts in all), so one lost answer costs a retry, not the job.
 */
export interface RequestTimeouts {
  /** Connecting (TCP + TLS). */
  connectionTimeoutMs: number;
  /** From sending the request to the response's headers. */
  requestTimeoutMs: number;
  /** Silence on the socket while a response body is being read (an S3 object streamed into an import). */
  socketTimeoutMs: number;
}

/**
 * Generous for DynamoDB Local and s3rver on a loaded laptop (a batch of 100 transactional writes can take
 * seconds there); in AWS an answer takes milliseconds, so these only end requests that are lost.
 */
export const DEFAULT_REQUEST_TIMEOUTS: RequestTimeouts = {
  connectionTimeoutMs: 5_000,
  requestTimeoutMs: 60_000,
  socketTimeoutMs: 120_000,
};

/** The `requestHandler` option of an SDK v3 client (NodeHttpHandler options, no import needed). */
export function requestHandlerOptions(timeouts: Partial<RequestTimeouts> = {}) {
  const t = { ...DEFAULT_REQUEST_TIMEOUTS, ...timeouts };
  return {
    connectionTimeout: t.connectionTimeoutMs,
    requestTimeout: t.requestTimeoutMs,
    // Without this the SDK only logs a warning when requestTimeout passes.
    throwOnRequestTimeout: true,
    socketTimeout: t.socketTimeoutMs,
  };
}

/** What our client factories take (DynamoDB, S3): where, as whom, and the time limits. */
export interface AwsClientOptions {
  region: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  timeouts?: Partial<RequestTimeouts>;
  /** The SDK's attempts per call (default 3). */
  maxAttempts?: number;
}

/** The SDK client configuration every factory shares: region, credentials, attempts and the time limits. */
export function baseClientConfig(options: AwsClientOptions) {
  return {
    region: options.region,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
    requestHandler: requestHandlerOptions(options.timeouts),
  };
}
