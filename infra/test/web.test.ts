import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { Match } from 'aws-cdk-lib/assertions';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { SPA_REWRITE_CODE } from '../src/constructs/spa-rewrite';
import { PLACEHOLDER_SITE, siteSourceDir } from '../src/paths';
import { buildStack, logicalIdOf } from './support/template';

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

let template: Template;
type Behavior = Record<string, unknown> & { PathPattern?: string };
let distribution: { DefaultCacheBehavior: Behavior; CacheBehaviors: Behavior[]; Origins: Record<string, unknown>[]; CustomErrorResponses?: unknown };

beforeAll(() => {
  ({ template } = buildStack());
  const dist = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!;
  distribution = dist.Properties.DistributionConfig;
  // One synth per file; the first loads aws-cdk-lib, which takes seconds on a busy machine.
}, 60_000);

const behavior = (pattern: string) => {
  const found = distribution.CacheBehaviors.find((b) => b.PathPattern === pattern);
  if (!found) throw new Error(`No behaviour ${pattern}`);
  return found;
};

function rewrite(uri: string): string {
  const handler = runInNewContext(`${SPA_REWRITE_CODE}; handler`) as (e: { request: { uri: string } }) => { uri: string };
  return handler({ request: { uri } }).uri;
}

describe('web: private bucket behind CloudFront', () => {
  it('serves the site bucket only through origin access control', () => {
    const siteBucket = logicalIdOf(template, 'AWS::S3::Bucket', { Properties: { BucketName: Match.absent() } });
    const oac = logicalIdOf(template, 'AWS::CloudFront::OriginAccessControl');
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: { OriginAccessControlOriginType: 's3', SigningBehavior: 'always', SigningProtocol: 'sigv4' },
    });
    const s3Origin = distribution.Origins.find((o) => JSON.stringify(o.DomainName).includes(siteBucket));
    expect(s3Origin?.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [oac, 'Id'] });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: siteBucket },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Allow', Action: 's3:GetObject', Principal: { Service: 'cloudfront.amazonaws.com' }, Condition: Match.anyValue() }),
        ]),
      },
    });
  });

  it('rewrites client routes to /index.html with a viewer-request function, not error-page mapping', () => {
    expect(distribution.CustomErrorResponses).toBeUndefined();
    const fnId = logicalIdOf(template, 'AWS::CloudFront::Function');
    expect(distribution.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [fnId, 'FunctionARN'] } },
    ]);
    expect(behavior('/api/*').FunctionAssociations).toBeUndefined();
    template.hasResourceProperties('AWS::CloudFront::Function', { FunctionConfig: { Runtime: 'cloudfront-js-2.0' }, FunctionCode: SPA_REWRITE_CODE });
  });

  it('the rewrite sends routes to the shell and leaves files alone', () => {
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/catalog')).toBe('/index.html');
    expect(rewrite('/parts/cylinder-cdq2b32-50dz')).toBe('/index.html');
    expect(rewrite('/admin/login')).toBe('/index.html');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/favicon.svg')).toBe('/favicon.svg');
  });

  it('caches hashed assets for a year and never caches the shell', () => {
    expect(distribution.DefaultCacheBehavior.CachePolicyId).toBe(CACHING_DISABLED);
    const assetsPolicy = logicalIdOf(template, 'AWS::CloudFront::CachePolicy');
    expect(behavior('/assets/*').CachePolicyId).toEqual({ Ref: assetsPolicy });
    const year = 365 * 24 * 3600;
    template.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: { MinTTL: year, DefaultTTL: year, MaxTTL: year },
    });
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketKeyPrefix: 'assets/',
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketKeyPrefix: Match.absent(),
      SystemMetadata: { 'cache-control': 'no-cache' },
      Prune: false,
    });
  });

  it('sends security headers and a CSP on every behaviour', () => {
    const policy = logicalIdOf(template, 'AWS::CloudFront::ResponseHeadersPolicy');
    for (const b of [distribution.DefaultCacheBehavior, ...distribution.CacheBehaviors]) {
      expect(b.ResponseHeadersPolicyId).toEqual({ Ref: policy });
      expect(b.ViewerProtocolPolicy).not.toBe('allow-all');
    }
    const headers = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0]!.Properties.ResponseHeadersPolicyConfig
      .SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31536000);
    expect(headers.ContentTypeOptions.Override).toBe(true);
    expect(headers.FrameOptions.FrameOption).toBe('DENY');
    expect(headers.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
    const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain('img-src \'self\' data: blob: https:;');
    expect(csp).toContain("connect-src 'self' https://parts-dev-attachments-");
    expect(csp).toContain('https://parts-dev-csv-staging-');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it('the deployed page satisfies that CSP: same-origin scripts and styles, no inline script', () => {
    for (const dir of [siteSourceDir(), PLACEHOLDER_SITE]) {
      const html = readFileSync(join(dir, 'index.html'), 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      for (const [, attrs, body] of scripts) {
        expect(attrs, `inline script in ${dir}`).toMatch(/\bsrc=/);
        expect(body?.trim()).toBe('');
        expect(attrs).toMatch(/src="\/(?!\/)/);
      }
      for (const [, href] of html.matchAll(/<link\b[^>]*rel="(?:stylesheet|modulepreload)"[^>]*href="([^"]+)"/g)) {
        expect(href).toMatch(/^\/(?!\/)/);
      }
      expect(html).not.toMatch(/\son[a-z]+="/);
    }
  });

  it('deploys a placeholder page when the web app has not been built', () => {
    expect(siteSourceDir('/nonexistent/web/dist')).toBe(PLACEHOLDER_SITE);
    const { template: bare } = buildStack({}, PLACEHOLDER_SITE);
    bare.resourceCountIs('Custom::CDKBucketDeployment', 1);
  });
});

describe('api behaviour on the same distribution', () => {
  it('routes /api/* to the HTTP API uncached, forwarding cookies, query strings and headers but Host', () => {
    const api = behavior('/api/*');
    expect(api.CachePolicyId).toBe(CACHING_DISABLED);
    expect(api.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']));
    expect(api.ViewerProtocolPolicy).toBe('https-only');
    const origin = distribution.Origins.find((o) => o.Id === api.TargetOriginId);
    const httpApi = logicalIdOf(template, 'AWS::ApiGatewayV2::Api');
    expect(JSON.stringify(origin?.DomainName)).toContain(`"${httpApi}","ApiEndpoint"`);
    expect(origin?.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
  });
});
