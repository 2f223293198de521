import { S3Client } from '@aws-sdk/client-s3';
import { baseClientConfig, type AwsClientOptions } from '../aws/request-timeouts';

/** Path-style when an endpoint is given (s3rver, LocalStack); virtual-hosted on AWS. Requests time out (request-timeouts.ts). */
export function createS3Client(options: AwsClientOptions): S3Client {
  return new S3Client({
    ...baseClientConfig(options),
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    // Presigned PUTs from a browser cannot add the SDK's default CRC32 checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
