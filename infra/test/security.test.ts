import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '@parts/shared/security-headers';
import { bucketOrigins } from '../src/constructs/files';
import { ATTACHMENT_DOWNLOAD_PATH } from '../src/constructs/web';
import { WAF_AUTH_RATE_LIMIT, WAF_RATE_LIMIT } from '../src/constructs/web-firewall';
import { buildStack, logicalIdOf } from './support/template';

/** Issue 10 (R7): the production edge — WAF rate rules, access logs, origins for the CSRF check (origin protection: origin.test.ts). */
let template: Template;
let edgeTemplate: Template;
let config: ReturnType<typeof buildStack>['config'];
type Distribution = {
  WebACLId?: unknown;
  Logging?: { Bucket?: unknown; Prefix?: string };
  Origins: { Id: string; CustomOriginConfig?: unknown; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
};
let distribution: Distribution;

beforeAll(() => {
  ({ template, config, edgeTemplate } = buildStack());
  distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig as Distribution;
}, 240_000);

describe('the API answers only the site', () => {
  it('the API function knows the site origin for the Origin check', () => {
    const fn = Object.values(template.findResources('AWS::Lambda::Function')).find((r) => r.Properties.FunctionName === 'parts-dev-api')!;
    // Without a domain: the site's own pages by Sec-Fetch-Site (the CloudFront name would be a cycle, ADR 120).
    expect(fn.Properties.Environment.Variables.ALLOWED_ORIGINS).toBe('same-origin');
    const custom = buildStack({ domainName: 'parts.example.com' }).template;
    custom.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: 'parts-dev-api',
      Environment: { Variables: Match.objectLike({ ALLOWED_ORIGINS: 'https://parts.example.com' }) },
    });
  });
});

describe('WAF', () => {
  it('a CLOUDFRONT-scope web ACL with per-address rate rules (site-wide and sign-in) is attached to the distribution', () => {
    // In the stage's us-east-1 stack (CloudFront reads web ACLs from there only); the data stack is in eu-west-1.
    expect(template.findResources('AWS::WAFv2::WebACL')).toEqual({});
    const aclId = logicalIdOf(edgeTemplate, 'AWS::WAFv2::WebACL');
    const acl = edgeTemplate.findResources('AWS::WAFv2::WebACL')[aclId]!.Properties;
    expect(acl.Scope).toBe('CLOUDFRONT');
    expect(acl.DefaultAction).toEqual({ Allow: {} });
    const rules = acl.Rules as {
      Name: string;
      Action?: unknown;
      Statement: { RateBasedStatement?: { Limit: number; AggregateKeyType: string; ScopeDownStatement?: unknown } };
    }[];
    const site = rules.find((r) => r.Name === 'site-rate')!;
    expect(site.Statement.RateBasedStatement).toMatchObject({ Limit: WAF_RATE_LIMIT, AggregateKeyType: 'IP' });
    expect(site.Action).toMatchObject({ Block: {} });
    const auth = rules.find((r) => r.Name === 'auth-rate')!;
    expect(auth.Statement.RateBasedStatement).toMatchObject({ Limit: WAF_AUTH_RATE_LIMIT, AggregateKeyType: 'IP' });
    expect(JSON.stringify(auth.Statement.RateBasedStatement?.ScopeDownStatement)).toContain('/api/auth/');
    // Read from the edge stack's export in us-east-1 (CDK cross-region reference), not a literal.
    expect(JSON.stringify(distribution.WebACLId)).toContain('ExportsReader');
  });
});

describe('access logs', () => {
  it('CloudFront writes standard logs to a private, encrypted bucket that expires them', () => {
    expect(distribution.Logging?.Prefix).toBe('cloudfront/');
    const bucketId = (distribution.Logging?.Bucket as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const bucket = template.findResources('AWS::S3::Bucket')[bucketId]!.Properties;
    expect(bucket.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicAcls: true, RestrictPublicBuckets: true });
    expect(bucket.BucketEncryption).toBeDefined();
    expect(JSON.stringify(bucket.LifecycleConfiguration)).toContain(`"ExpirationInDays":${config.sizes.logRetentionDays}`);
  });

  it('with API Gateway gone, /api requests are logged by CloudFront (every behaviour) and the API function logs to its own log group', () => {
    expect(distribution.Logging?.Bucket).toBeDefined();
    template.hasResourceProperties('AWS::Logs::LogGroup', { LogGroupName: '/aws/lambda/parts-dev-api', RetentionInDays: config.sizes.logRetentionDays });
    template.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: 'parts-dev-api',
      LoggingConfig: Match.objectLike({ LogGroup: Match.anyValue() }),
    });
  });
});

describe('security headers', () => {
  it('CloudFront sends the CSP the local server sends (one shared definition), plus HSTS', () => {
    const policy = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0]!.Properties.ResponseHeadersPolicyConfig;
    // The bucket origins hold the account id (a token): compare around them.
    const csp = JSON.stringify(policy.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
    const shared = contentSecurityPolicy(['UPLOADS']);
    const [before, after] = shared.split('UPLOADS') as [string, string];
    expect(csp).toContain(before.slice(0, before.indexOf('connect-src')));
    expect(csp).toContain(after);
    expect(bucketOrigins(config).length).toBeGreaterThan(0);
    expect(policy.SecurityHeadersConfig.FrameOptions.FrameOption).toBe('DENY');
    expect(policy.SecurityHeadersConfig.StrictTransportSecurity).toBeDefined();
  });
});

describe('attachment downloads (issue 26; ADR 110)', () => {
  it('/quotes/* goes to the attachments bucket with the presigned query, uncached, with the security headers (nosniff)', () => {
    type Behavior = {
      PathPattern: string;
      TargetOriginId: string;
      CachePolicyId: unknown;
      OriginRequestPolicyId: unknown;
      ResponseHeadersPolicyId: unknown;
      AllowedMethods?: string[];
      ViewerProtocolPolicy: string;
    };
    const behaviors = (distribution as unknown as { CacheBehaviors: Behavior[] }).CacheBehaviors;
    const downloads = behaviors.find((b) => b.PathPattern === ATTACHMENT_DOWNLOAD_PATH)!;
    expect(downloads).toBeDefined();
    // The key's own path: the object keys of stored quote attachments start with quotes/.
    expect(ATTACHMENT_DOWNLOAD_PATH).toBe('/quotes/*');
    const origin = distribution.Origins.find((o) => o.Id === downloads.TargetOriginId)! as unknown as {
      DomainName: unknown;
      CustomOriginConfig?: { OriginProtocolPolicy: string };
      OriginAccessControlId?: unknown;
    };
    // The virtual-hosted host the API's presigner signs for; S3 checks the signature (no origin access control).
    expect(JSON.stringify(origin.DomainName)).toMatch(/parts-dev-attachments-.*\.s3\..*amazonaws\.com/);
    expect(origin.CustomOriginConfig?.OriginProtocolPolicy).toBe('https-only');
    expect(origin.OriginAccessControlId).toBeUndefined();
    expect(downloads.AllowedMethods ?? ['GET', 'HEAD']).toEqual(['GET', 'HEAD']);
    expect(downloads.ViewerProtocolPolicy).toBe('https-only');
    expect(downloads.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // CachingDisabled
    const requestPolicy = logicalIdOf(template, 'AWS::CloudFront::OriginRequestPolicy', {
      Properties: { OriginRequestPolicyConfig: { Name: 'parts-dev-attachment-downloads' } },
    });
    expect(downloads.OriginRequestPolicyId).toEqual({ Ref: requestPolicy });
    template.hasResourceProperties('AWS::CloudFront::OriginRequestPolicy', {
      OriginRequestPolicyConfig: {
        Name: 'parts-dev-attachment-downloads',
        QueryStringsConfig: { QueryStringBehavior: 'all' },
        CookiesConfig: { CookieBehavior: 'none' },
        HeadersConfig: { HeaderBehavior: 'none' },
      },
    });
    const headers = logicalIdOf(template, 'AWS::CloudFront::ResponseHeadersPolicy');
    expect(downloads.ResponseHeadersPolicyId).toEqual({ Ref: headers });
    const policy = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0]!.Properties.ResponseHeadersPolicyConfig;
    expect(policy.SecurityHeadersConfig.ContentTypeOptions).toEqual({ Override: true });
  });
});
