import { S3Client } from '@aws-sdk/client-s3';
import { requestHandlerOptions, type RequestTimeouts } from '../aws/request-timeouts';

/** Path-style when an endpoint is given (s3rver, LocalStack); virtual-hosted on AWS. Requests time out (request-timeouts.ts). */
export function createS3Client(options: {
  region: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  timeouts?: Partial<RequestTimeouts>;
  maxAttempts?: number;
}): S3Client {
  return new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Presigned PUTs from a browser cannot add the SDK's default CRC32 checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
    requestHandler: requestHandlerOptions(options.timeouts),
  });
}
