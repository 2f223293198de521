import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { StageConfig } from '../config';

/** CloudFront adds it to every request it sends the API; the API refuses requests without it (docs/security.md). */
export const ORIGIN_VERIFY_HEADER = 'X-Origin-Verify';
/** Requests per client address per 5 minutes, over the whole site, and over the sign-in and registration calls. */
export const WAF_RATE_LIMIT = 2000;
export const WAF_AUTH_RATE_LIMIT = 100;

export interface EdgeSecurityProps {
  config: StageConfig;
}

/**
 * What guards the edge: the secret header that ties the HTTP API to this distribution, the WAF web ACL
 * (CLOUDFRONT scope, so the stack must be deployed in us-east-1 — see docs/security.md) and the bucket
 * for CloudFront's access logs.
 */
export class EdgeSecurity extends Construct {
  readonly originVerify: Secret;
  readonly webAcl: CfnWebACL;
  readonly accessLogs: Bucket;

  constructor(scope: Construct, id: string, props: EdgeSecurityProps) {
    super(scope, id);
    const { prefix } = props.config;

    this.originVerify = new Secret(this, 'OriginVerify', {
      secretName: `${prefix}/origin-verify`,
      description: `Value of the ${ORIGIN_VERIFY_HEADER} header CloudFront sends to the API; requests without it are refused`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });

    const rateRule = (name: string, priority: number, limit: number, scopeDown?: CfnWebACL.StatementProperty): CfnWebACL.RuleProperty => ({
      name,
      priority,
      action: { block: { customResponse: { responseCode: 429 } } },
      statement: { rateBasedStatement: { limit, aggregateKeyType: 'IP', ...(scopeDown ? { scopeDownStatement: scopeDown } : {}) } },
      visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: `${prefix}-${name}`, sampledRequestsEnabled: true },
    });
    const pathStartsWith = (path: string): CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: path,
        textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
      },
    });

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `${prefix}-edge`,
      description: 'Rate limits per client address in front of the storefront and API',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: `${prefix}-edge`, sampledRequestsEnabled: true },
      rules: [
        rateRule('auth-rate', 0, WAF_AUTH_RATE_LIMIT, pathStartsWith('/api/auth/')),
        rateRule('site-rate', 1, WAF_RATE_LIMIT),
        {
          name: 'aws-common',
          priority: 2,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              // Multipart CSV imports and quote attachments are larger than the rule set's 8 KB body limit.
              ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
            },
          },
          visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: `${prefix}-aws-common`, sampledRequestsEnabled: true },
        },
      ],
    });

    this.accessLogs = new Bucket(this, 'AccessLogs', {
      // Named like the other data buckets (ADR 007): one per stage and account.
      bucketName: `${prefix}-access-logs-${Aws.ACCOUNT_ID}`,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront's standard logging writes with an ACL.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(props.config.sizes.logRetentionDays) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
