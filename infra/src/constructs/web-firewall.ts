import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import type { StageConfig } from '../config';

/** Requests per client address per 5 minutes, over the whole site, and over the sign-in and registration calls. */
export const WAF_RATE_LIMIT = 2000;
export const WAF_AUTH_RATE_LIMIT = 100;
/** Read on every page view by every signed-in buyer: never counted by the sign-in rule (offices share one address). */
export const WAF_AUTH_UNCOUNTED_PATHS = ['/api/auth/me'];

export interface WebFirewallProps {
  config: StageConfig;
}

/** The CLOUDFRONT-scope WAF web ACL: lives in us-east-1 (edge-stack.ts). */
export class WebFirewall extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: WebFirewallProps) {
    super(scope, id);
    const { prefix } = props.config;
    const rateRule = (name: string, priority: number, limit: number, scopeDown?: CfnWebACL.StatementProperty): CfnWebACL.RuleProperty => ({
      name,
      priority,
      action: { block: { customResponse: { responseCode: 429 } } },
      statement: { rateBasedStatement: { limit, aggregateKeyType: 'IP', ...(scopeDown ? { scopeDownStatement: scopeDown } : {}) } },
      visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: `${prefix}-${name}`, sampledRequestsEnabled: true },
    });
    const path = (positionalConstraint: 'STARTS_WITH' | 'EXACTLY', searchString: string): CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint,
        searchString,
        textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
      },
    });
    const authCalls: CfnWebACL.StatementProperty = {
      andStatement: {
        statements: [path('STARTS_WITH', '/api/auth/'), ...WAF_AUTH_UNCOUNTED_PATHS.map((p) => ({ notStatement: { statement: path('EXACTLY', p) } }))],
      },
    };

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `${prefix}-edge`,
      description: 'Rate limits per client address in front of the storefront and API',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: `${prefix}-edge`, sampledRequestsEnabled: true },
      rules: [
        rateRule('auth-rate', 0, WAF_AUTH_RATE_LIMIT, authCalls),
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
  }
}
