import { Duration, Fn, RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { OriginSecretVersions, StageConfig } from '../config';

/** CloudFront adds it to every request it sends the API; the API refuses requests without it (docs/security.md). */
export const ORIGIN_VERIFY_HEADER = 'X-Origin-Verify';

/**
 * The origin secret's values as CloudFormation dynamic references: what CloudFront sends, and what the API accepts
 * (joined with commas; generated values are letters and digits). Unpinned, each reference names AWSCURRENT: it is
 * resolved when the resource is created and never again, so a new value in Secrets Manager alone changes nothing.
 * Pinned (cdk.json `originSecret`, ADR 106), each names a version id: pinning another one changes the template, so
 * CloudFormation resolves it. A rotation changes one side per deploy, always to a value the other side accepts.
 */
export function originSecretValues(secretArn: string, versions: OriginSecretVersions | undefined): { sent: string; accepted: string } {
  const value = (versionId?: string) => SecretValue.secretsManager(secretArn, versionId ? { versionId } : {}).unsafeUnwrap();
  if (!versions) return { sent: value(), accepted: value() };
  return { sent: value(versions.sent), accepted: Fn.join(',', versions.accepted.map(value)) };
}

export interface EdgeSecurityProps {
  config: StageConfig;
}

/**
 * What guards the edge in the data stack: the secret header that ties the origins to this distribution and
 * the bucket for CloudFront's access logs. The WAF web ACL is in the us-east-1 edge stack (web-firewall.ts).
 */
export class EdgeSecurity extends Construct {
  readonly originVerify: Secret;
  /** What CloudFront sends, and the values the API accepts (comma-separated): dynamic references, never the values. */
  readonly originSecret: { sent: string; accepted: string };
  readonly accessLogs: Bucket;

  constructor(scope: Construct, id: string, props: EdgeSecurityProps) {
    super(scope, id);
    const { prefix } = props.config;

    this.originVerify = new Secret(this, 'OriginVerify', {
      secretName: `${prefix}/origin-verify`,
      description: `Value of the ${ORIGIN_VERIFY_HEADER} header CloudFront sends to the API; requests without it are refused`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    this.originSecret = originSecretValues(this.originVerify.secretArn, props.config.originSecret);

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
