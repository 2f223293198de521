import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { StageConfig } from '../config';

export interface EdgeSecurityProps {
  config: StageConfig;
}

/**
 * What guards the edge in the data stack: the bucket for CloudFront's access logs. The WAF web ACL is in the
 * us-east-1 edge stack (web-firewall.ts); the origins take only CloudFront's signed requests (origin access control:
 * the site bucket, and the function URLs of the renderer and the API, ADR 105 and ADR 120), so no origin secret.
 */
export class EdgeSecurity extends Construct {
  readonly accessLogs: Bucket;

  constructor(scope: Construct, id: string, props: EdgeSecurityProps) {
    super(scope, id);
    this.accessLogs = new Bucket(this, 'AccessLogs', {
      // A generated name: kept on destroy (security evidence), so a fixed one would block the next deploy of the stage.
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront's standard logging writes with an ACL.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(props.config.sizes.logRetentionDays) }],
      // Deleted when a first deploy rolls back (nothing logged yet), kept afterwards (ADR 104).
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
  }
}
