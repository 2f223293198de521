import { Match } from 'aws-cdk-lib/assertions';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTOCOMPLETE_QUERY_PARAMS, CATALOG_PAGE_QUERY_PARAMS, PART_LIST_QUERY_PARAMS } from '@parts/shared/schemas';
import { LISTING_PAGE_PATTERNS, rendererBundleCommands } from '../src/constructs/renderer';
import { API_CACHE_TTL } from '../src/constructs/web';
import { API_LIFETIME, NOT_FOUND_LIFETIME, PAGE_LIFETIME, SESSION_COOKIE_NAME } from '@parts/shared/http-cache';
import { API_CACHE_KEYS, LISTING_PAGE_PATTERNS as SHARED_LISTING_PATTERNS } from '@parts/shared/cache-keys';
import { allowStatementsOf, asArray, buildStack, grants, logicalIdOf, roleOf, siteBucketIdOf } from './support/template';

type Behavior = Record<string, unknown> & { PathPattern?: string; CachePolicyId?: unknown; OriginRequestPolicyId?: unknown; TargetOriginId?: string };
let template: Template;
let distribution: {
  DefaultCacheBehavior: Behavior & { DefaultRootObject?: string };
  CacheBehaviors: Behavior[];
  Origins: { Id: string; DomainName: unknown }[];
};
let distributionConfig: Record<string, unknown>;
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';

beforeAll(() => {
  ({ template } = buildStack());
  distributionConfig = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
  distribution = distributionConfig as typeof distribution;
}, 240_000);

const behavior = (pattern: string) => {
  const found = distribution.CacheBehaviors.find((b) => b.PathPattern === pattern);
  if (!found) throw new Error(`No behaviour ${pattern}`);
  return found;
};
/** The cache policy config a behaviour uses (by its Ref), with the name it is known by. */
const cachePolicyOf = (b: Behavior) => {
  const ref = (b.CachePolicyId as { Ref?: string }).Ref;
  if (!ref) throw new Error(`Behaviour ${b.PathPattern} uses a managed policy`);
  return template.findResources('AWS::CloudFront::CachePolicy')[ref]!.Properties.CachePolicyConfig as {
    Name: string;
    MinTTL: number;
    DefaultTTL: number;
    MaxTTL: number;
    ParametersInCacheKeyAndForwardedToOrigin: {
      CookiesConfig: { CookieBehavior: string };
      HeadersConfig: { HeaderBehavior: string };
      QueryStringsConfig: { QueryStringBehavior: string; QueryStrings?: string[] };
      EnableAcceptEncodingGzip: boolean;
      EnableAcceptEncodingBrotli: boolean;
    };
  };
};
const keyOf = (b: Behavior) => cachePolicyOf(b).ParametersInCacheKeyAndForwardedToOrigin;
const originOf = (b: Behavior) => distribution.Origins.find((o) => o.Id === b.TargetOriginId)!;
const order = (pattern: string) => distribution.CacheBehaviors.findIndex((b) => b.PathPattern === pattern);

describe('public pages go to the page renderer, cached as the renderer says', () => {
  it('a renderer Lambda of its own, read-only on the table and the search domain', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: 'parts-dev-web-renderer',
      Runtime: 'nodejs22.x',
      Environment: { Variables: Match.objectLike({ NODE_ENV: 'production' }) },
    });
    const role = roleOf(template, 'parts-dev-web-renderer');
    const table = logicalIdOf(template, 'AWS::DynamoDB::Table');
    expect(grants(template, role, 'dynamodb:Query', table)).toBe(true);
    const actions = allowStatementsOf(template, role).flatMap((s) => asArray(s.Action));
    for (const write of ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 'es:ESHttpPut', 'es:ESHttpDelete']) {
      expect(actions).not.toContain(write);
    }
    expect(actions.some((a) => a.startsWith('s3:') || a.startsWith('secretsmanager:') || a.startsWith('lambda:'))).toBe(false);
    // No session key: the renderer signs no sessions.
    const fn = Object.values(template.findResources('AWS::Lambda::Function')).find((r) => r.Properties.FunctionName === 'parts-dev-web-renderer')!;
    expect(fn.Properties.Environment.Variables.JWT_SECRET_ARN).toBeUndefined();
  });

  it('the renderer is reached through its own function URL (ADR 105), and no API Gateway exists (ADR 120)', () => {
    const renderer = logicalIdOf(template, 'AWS::Lambda::Function', { Properties: { FunctionName: 'parts-dev-web-renderer' } });
    template.hasResourceProperties('AWS::Lambda::Url', { AuthType: 'AWS_IAM', TargetFunctionArn: { 'Fn::GetAtt': [renderer, 'Arn'] } });
    template.resourceCountIs('AWS::ApiGatewayV2::Api', 0);
  });

  it('CloudFront sends every path that is not /api, /assets or a sitemap to the renderer: pages, unknown paths (404) and client routes', () => {
    const api = originOf(behavior('/api/*'));
    const renderer = logicalIdOf(template, 'AWS::Lambda::Function', { Properties: { FunctionName: 'parts-dev-web-renderer' } });
    const url = logicalIdOf(template, 'AWS::Lambda::Url', { Properties: { TargetFunctionArn: { 'Fn::GetAtt': [renderer, 'Arn'] } } });
    // The default behaviour: "/", /part/*, /manufacturers, /support, the content pages, robots.txt, /admin,
    // /auth, /account/*, /quote-request and any unknown path — the renderer answers each as the local server does.
    const pages = [distribution.DefaultCacheBehavior, ...LISTING_PAGE_PATTERNS.map(behavior)];
    for (const b of pages) {
      expect(JSON.stringify(originOf(b).DomainName), b.PathPattern).toContain(`"${url}","FunctionUrl"`);
      expect(b.AllowedMethods, b.PathPattern).toEqual(['GET', 'HEAD']);
      expect(b.ViewerProtocolPolicy).toBe('redirect-to-https');
      // Anonymous HTML: no origin request policy, so no cookies and no viewer headers reach the renderer.
      expect(b.OriginRequestPolicyId, b.PathPattern).toBeUndefined();
      expect(b.FunctionAssociations, b.PathPattern).toBeUndefined();
      expect(b.Compress).toBe(true);
    }
    // Only hashed files and sitemaps come from the site bucket; quote attachments from theirs (ADR 110).
    const pagesOrigin = distribution.DefaultCacheBehavior.TargetOriginId;
    const bucketPatterns = distribution.CacheBehaviors.filter((b) => b.TargetOriginId !== api.Id && b.TargetOriginId !== pagesOrigin).map((b) => b.PathPattern);
    expect(bucketPatterns.sort()).toEqual(['/assets/*', '/quotes/*', '/sitemap*']);
    expect(distributionConfig.DefaultRootObject).toBeUndefined();
  });

  it('page cache policies honour the origin s-maxage (TTL 0 by default, capped at a day), with no cookies or headers in the key', () => {
    const pages = [distribution.DefaultCacheBehavior, ...LISTING_PAGE_PATTERNS.map(behavior)];
    for (const b of pages) {
      const policy = cachePolicyOf(b);
      expect(policy.MinTTL, b.PathPattern).toBe(0);
      expect(policy.DefaultTTL, b.PathPattern).toBe(0);
      expect(policy.MaxTTL, b.PathPattern).toBe(24 * 3600);
      expect(keyOf(b).CookiesConfig.CookieBehavior).toBe('none');
      expect(keyOf(b).HeadersConfig.HeaderBehavior).toBe('none');
      expect(keyOf(b).EnableAcceptEncodingBrotli).toBe(true);
    }
    for (const pattern of ['/catalog', '/catalog/*', '/manufacturer/*']) {
      expect(keyOf(behavior(pattern)).QueryStringsConfig).toEqual({ QueryStringBehavior: 'whitelist', QueryStrings: [...CATALOG_PAGE_QUERY_PARAMS] });
    }
    expect(keyOf(distribution.DefaultCacheBehavior).QueryStringsConfig).toEqual({ QueryStringBehavior: 'none' });
  });
});

describe('public GET API answers are cached at CloudFront on the query strings that matter', () => {
  it('each public GET path has a cache policy keyed on exactly its route’s query strings and the session cookie, no headers', () => {
    expect(keyOf(behavior('/api/parts')).QueryStringsConfig).toEqual({ QueryStringBehavior: 'whitelist', QueryStrings: [...PART_LIST_QUERY_PARAMS] });
    expect(keyOf(behavior('/api/parts/')).QueryStringsConfig).toEqual(keyOf(behavior('/api/parts')).QueryStringsConfig);
    expect(keyOf(behavior('/api/parts/autocomplete')).QueryStringsConfig).toEqual({
      QueryStringBehavior: 'whitelist',
      QueryStrings: [...AUTOCOMPLETE_QUERY_PARAMS],
    });
    for (const pattern of ['/api/parts/*', '/api/categories*', '/api/manufacturers*']) {
      expect(keyOf(behavior(pattern)).QueryStringsConfig, pattern).toEqual({ QueryStringBehavior: 'none' });
    }
    for (const pattern of ['/api/parts', '/api/parts/', '/api/parts/autocomplete', '/api/parts/*', '/api/categories*', '/api/manufacturers*']) {
      const policy = cachePolicyOf(behavior(pattern));
      // A signed-in request has its own key, answered `private, no-cache` (never kept): the admin sees a change at once (ADR 134).
      expect(policy.ParametersInCacheKeyAndForwardedToOrigin.CookiesConfig, pattern).toEqual({ CookieBehavior: 'whitelist', Cookies: [SESSION_COOKIE_NAME] });
      expect(policy.ParametersInCacheKeyAndForwardedToOrigin.HeadersConfig.HeaderBehavior, pattern).toBe('none');
      // A short TTL is the bound on an admin's change showing (ADR 081, ADR 134).
      expect(policy.DefaultTTL, pattern).toBe(API_CACHE_TTL.toSeconds());
      expect(policy.MaxTTL, pattern).toBeLessThanOrEqual(300);
      expect(policy.MinTTL, pattern).toBe(0);
      expect(originOf(behavior(pattern)).Id).toBe(originOf(behavior('/api/*')).Id);
      // Admin writes share these paths: every method passes, with the session cookie.
      expect(behavior(pattern).AllowedMethods).toEqual(expect.arrayContaining(['GET', 'HEAD', 'POST', 'PUT']));
    }
  });

  it('the cached API paths forward cookies and the API headers but only the key’s query strings', () => {
    const ref = (behavior('/api/parts').OriginRequestPolicyId as { Ref: string }).Ref;
    const config = template.findResources('AWS::CloudFront::OriginRequestPolicy')[ref]!.Properties.OriginRequestPolicyConfig;
    expect(config.CookiesConfig).toEqual({ CookieBehavior: 'all' });
    expect(config.QueryStringsConfig).toEqual({ QueryStringBehavior: 'none' });
    expect((config.HeadersConfig.Headers as string[]).map((h) => h.toLowerCase())).not.toContain('host');
    for (const pattern of ['/api/parts/autocomplete', '/api/parts/*', '/api/categories*', '/api/manufacturers*']) {
      expect(behavior(pattern).OriginRequestPolicyId).toEqual({ Ref: ref });
    }
  });

  it('the admin-only CSV template and everything else under /api stay uncached, and the specific paths come first', () => {
    expect(behavior('/api/parts/csv-template').CachePolicyId).toBe(CACHING_DISABLED);
    expect(behavior('/api/*').CachePolicyId).toBe(CACHING_DISABLED);
    expect(order('/api/parts/csv-template')).toBeLessThan(order('/api/parts/*'));
    expect(order('/api/parts/autocomplete')).toBeLessThan(order('/api/parts/*'));
    for (const pattern of ['/api/parts', '/api/parts/*', '/api/categories*', '/api/manufacturers*']) expect(order(pattern)).toBeLessThan(order('/api/*'));
    // CloudFront's default quota is 25 behaviours per distribution.
    expect(distribution.CacheBehaviors.length).toBeLessThanOrEqual(25);
  });
});

describe('CloudFront keeps what the origin says, as the local page cache does (ADR 134, ADR 135)', () => {
  it('the API paths, their order and their keys are the ones the local page cache uses (shared API_CACHE_KEYS)', () => {
    let previous = -1;
    for (const [pattern, query] of API_CACHE_KEYS) {
      const b = behavior(pattern);
      expect(order(pattern), pattern).toBeGreaterThan(previous);
      previous = order(pattern);
      if (query === null) {
        expect(b.CachePolicyId, pattern).toBe(CACHING_DISABLED);
        continue;
      }
      expect(keyOf(b).QueryStringsConfig, pattern).toEqual(
        query.length > 0 ? { QueryStringBehavior: 'whitelist', QueryStrings: [...query] } : { QueryStringBehavior: 'none' },
      );
    }
    expect(LISTING_PAGE_PATTERNS).toEqual(SHARED_LISTING_PATTERNS);
  });

  it('every cached path honours the origin’s s-maxage: the API’s and the pages’ lifetimes lie within their policies’ TTLs', () => {
    for (const [pattern, query] of API_CACHE_KEYS) {
      if (query === null) continue;
      const policy = cachePolicyOf(behavior(pattern));
      expect(policy.MinTTL, pattern).toBeLessThanOrEqual(API_LIFETIME.sMaxAge);
      expect(policy.MaxTTL, pattern).toBeGreaterThanOrEqual(API_LIFETIME.sMaxAge);
      expect(policy.DefaultTTL, pattern).toBe(API_LIFETIME.sMaxAge);
    }
    for (const b of [distribution.DefaultCacheBehavior, ...LISTING_PAGE_PATTERNS.map(behavior)]) {
      const policy = cachePolicyOf(b);
      for (const lifetime of [PAGE_LIFETIME, NOT_FOUND_LIFETIME]) {
        expect(policy.MinTTL, b.PathPattern).toBeLessThanOrEqual(lifetime.sMaxAge);
        expect(policy.MaxTTL, b.PathPattern).toBeGreaterThanOrEqual(lifetime.sMaxAge);
      }
    }
  });
});

describe('sitemaps: a scheduled job writes them to the site bucket, CloudFront serves them from there', () => {
  it('an EventBridge rule runs the sitemap job daily', () => {
    const job = logicalIdOf(template, 'AWS::Lambda::Function', { Properties: { FunctionName: 'parts-dev-sitemaps' } });
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 day)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [job, 'Arn'] } })],
    });
    const siteBucket = siteBucketIdOf(template);
    template.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: 'parts-dev-sitemaps',
      Environment: { Variables: Match.objectLike({ SITE_BUCKET: { Ref: siteBucket }, SITE_URL: Match.anyValue() }) },
    });
  });

  it('the job reads the table and may write only sitemap* keys of the site bucket', () => {
    const role = roleOf(template, 'parts-dev-sitemaps');
    const table = logicalIdOf(template, 'AWS::DynamoDB::Table');
    expect(grants(template, role, 'dynamodb:Scan', table)).toBe(true);
    const statements = allowStatementsOf(template, role);
    const actions = statements.flatMap((s) => asArray(s.Action));
    expect(actions).not.toContain('dynamodb:PutItem');
    const puts = statements.filter((s) => asArray(s.Action).includes('s3:PutObject'));
    expect(puts).toHaveLength(1);
    expect(JSON.stringify(puts[0]!.Resource)).toMatch(/\/sitemap\*"/);
    expect(actions.filter((a) => a.startsWith('s3:'))).toEqual(['s3:PutObject']);
  });

  it('/sitemap* comes from the site bucket with a cache policy that follows the objects’ Cache-Control', () => {
    const b = behavior('/sitemap*');
    expect(b.TargetOriginId).toBe(behavior('/assets/*').TargetOriginId);
    const policy = cachePolicyOf(b);
    expect(policy.MinTTL).toBe(0);
    expect(policy.DefaultTTL).toBe(3600);
    expect(b.FunctionAssociations).toBeUndefined();
  });
});

describe('the renderer bundle', () => {
  it('bundles the server renderer build with its dependencies and copies the page template, manifest and stylesheet, or skips without a web build', () => {
    const [command] = rendererBundleCommands('/repo', '/out');
    expect(command).toContain('if [ -f "/repo/web/dist-ssr/entry-server.js" ] && [ -f "/repo/web/dist/index.html" ]');
    expect(command).toContain('--bundle --platform=node --format=esm');
    expect(command).toContain('--outfile="/out/web-ssr/entry-server.mjs"');
    expect(command).toContain('cp "/repo/web/dist/index.html" "/out/web/index.html"');
    expect(command).toContain('cp "/repo/web/dist/.vite/manifest.json" "/out/web/.vite/manifest.json"');
    // The stylesheet: the renderer inlines each route's critical CSS from it (ADR 136).
    expect(command).toContain('cp "/repo/web/dist"/assets/*.css "/out/web/assets/"');
    expect(command).toMatch(/else echo .*>&2; exit 1; fi$/);
  });
});
