import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { ATTACHMENT_UPLOAD_PREFIX, QUOTE_ATTACHMENT_PREFIX } from '@parts/shared/constants';
import type { StageConfig } from '../config';

/**
 * Presigned attachment uploads land under `uploads/<userId>/`; a stored quote request moves its files to
 * `quotes/<quoteId>/`, so whatever is still under `uploads/` after two days was abandoned. Nothing else expires.
 */
export const UPLOAD_PREFIX = ATTACHMENT_UPLOAD_PREFIX;
export const QUOTE_PREFIX = QUOTE_ATTACHMENT_PREFIX;
const UNCLAIMED_UPLOAD_DAYS = 2;
const STAGING_EXPIRY_DAYS = 3;
/** How long a deleted or replaced attachment can be restored from its previous version. */
const NONCURRENT_VERSION_DAYS = 30;

export interface FilesProps {
  config: StageConfig;
  /** Origin of the site, the only one allowed to PUT with presigned URLs. */
  siteOrigin: string;
}

/**
 * Deterministic bucket names: the CSP (part of the distribution) must name the buckets, and the
 * buckets' CORS must name the distribution; names break that cycle.
 */
export function bucketNames(config: StageConfig) {
  return {
    attachments: `${config.prefix}-attachments-${Aws.ACCOUNT_ID}-${Aws.REGION}`,
    staging: `${config.prefix}-csv-staging-${Aws.ACCOUNT_ID}-${Aws.REGION}`,
  };
}

/** Virtual-hosted S3 origins the browser PUTs presigned uploads to (the form the AWS SDK v3 presigner emits). */
export function bucketOrigins(config: StageConfig): string[] {
  const names = bucketNames(config);
  return [names.attachments, names.staging].map((name) => `https://${name}.s3.${Aws.REGION}.amazonaws.com`);
}

export class Files extends Construct {
  readonly attachments: Bucket;
  readonly staging: Bucket;

  constructor(scope: Construct, id: string, props: FilesProps) {
    super(scope, id);
    const names = bucketNames(props.config);
    const common = {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      cors: [
        {
          allowedOrigins: [props.siteOrigin],
          allowedMethods: [HttpMethods.PUT],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
    };
    this.attachments = new Bucket(this, 'Attachments', {
      ...common,
      bucketName: names.attachments,
      // Customer documents: kept when the stack goes; deleted only when a first deploy rolls back (still empty),
      // so the retry does not fail on the fixed name (ADR 104).
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
      // The API deletes quote files (a claim is copy + delete): a deleted or overwritten object stays recoverable.
      versioned: true,
      lifecycleRules: [
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { id: 'expire-unclaimed-uploads', prefix: UPLOAD_PREFIX, expiration: Duration.days(UNCLAIMED_UPLOAD_DAYS) },
        {
          id: 'expire-old-versions',
          noncurrentVersionExpiration: Duration.days(NONCURRENT_VERSION_DAYS),
          expiredObjectDeleteMarker: true,
        },
      ],
    });
    this.staging = new Bucket(this, 'Staging', {
      ...common,
      bucketName: names.staging,
      // Only transient CSV uploads; emptied by the lifecycle rule within days.
      removalPolicy: RemovalPolicy.DESTROY,
      lifecycleRules: [
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { id: 'expire-staged-csv', expiration: Duration.days(STAGING_EXPIRY_DAYS) },
      ],
    });
  }
}
