import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { stageConfig } from '../src/config';
import { buildStack, committedStage, logicalIdOf } from './support/template';

/**
 * Issue 33, ADR 105 and ADR 120: the renderer and the API are reachable only through CloudFront, at no cost when
 * called directly: each behind its function URL (AWS_IAM), signed by a CloudFront origin access control; no API
 * Gateway and no origin secret.
 */
let template: Template;
type Behavior = { TargetOriginId: string; PathPattern?: string; OriginRequestPolicyId?: unknown; AllowedMethods?: string[] };
type Origin = { Id: string; DomainName: unknown; OriginAccessControlId?: unknown; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] };
let distribution: { DefaultCacheBehavior: Behavior; CacheBehaviors: Behavior[]; Origins: Origin[] };
let distributionId: string;

beforeAll(() => {
  ({ template } = buildStack());
  distributionId = logicalIdOf(template, 'AWS::CloudFront::Distribution');
  distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
}, 240_000);

const fn = (name: string) => {
  const [id, resource] = Object.entries(template.findResources('AWS::Lambda::Function')).find(([, r]) => r.Properties.FunctionName === name)!;
  return { id, props: resource.Properties as { Environment: { Variables: Record<string, unknown> } } };
};
const originOf = (b: Behavior) => distribution.Origins.find((o) => o.Id === b.TargetOriginId)!;
/** The function URL of a function (by name): exactly one, AWS_IAM. */
const urlOf = (name: string) => logicalIdOf(template, 'AWS::Lambda::Url', { Properties: { TargetFunctionArn: { 'Fn::GetAtt': [fn(name).id, 'Arn'] } } });
/** The Lambda permissions naming a function or its URL. */
const permissionsOf = (name: string) => {
  const ids = [fn(name).id, urlOf(name)];
  return Object.values(template.findResources('AWS::Lambda::Permission')).filter((p) =>
    ids.some((id) => JSON.stringify(p.Properties.FunctionName).includes(`"${id}"`)),
  );
};
/** The behaviour's origin is the function URL, reached through a Lambda OAC that always signs with SigV4. */
const expectSignedFunctionUrlOrigin = (behavior: Behavior, urlId: string) => {
  const origin = originOf(behavior);
  expect(JSON.stringify(origin.DomainName), behavior.PathPattern).toContain(`"${urlId}","FunctionUrl"`);
  expect(origin.OriginCustomHeaders ?? []).toEqual([]);
  const oacId = (origin.OriginAccessControlId as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  expect(template.findResources('AWS::CloudFront::OriginAccessControl')[oacId]!.Properties.OriginAccessControlConfig).toMatchObject({
    OriginAccessControlOriginType: 'lambda',
    SigningBehavior: 'always',
    SigningProtocol: 'sigv4',
  });
};

describe('no API Gateway, no origin secret (ADR 120)', () => {
  it('the stack has no API Gateway resource, no origin-verify secret, and no function carries ORIGIN_VERIFY_SECRET', () => {
    const types = Object.values(template.toJSON().Resources as Record<string, { Type: string }>).map((r) => r.Type);
    expect(types.filter((t) => t.startsWith('AWS::ApiGateway'))).toEqual([]);
    // The stage's secrets are the session key and the webhook signing secrets (ADR 123); none verifies an origin.
    expect(Object.values(template.findResources('AWS::SecretsManager::Secret')).map((s) => s.Properties.Name)).toEqual([
      'parts-dev/jwt-secret',
      'parts-dev/webhook-secrets',
    ]);
    for (const f of Object.values(template.findResources('AWS::Lambda::Function'))) {
      expect(f.Properties.Environment?.Variables?.ORIGIN_VERIFY_SECRET, f.Properties.FunctionName).toBeUndefined();
    }
    // Exactly two function URLs, both IAM: the renderer's and the API's.
    const urls = Object.values(template.findResources('AWS::Lambda::Url')).map((u) => u.Properties);
    expect(urls).toHaveLength(2);
    for (const u of urls) expect(u.AuthType).toBe('AWS_IAM');
  });

  it('a stage still pinning origin-secret versions or an API Gateway throttle is refused with the reason', () => {
    const base = committedStage('dev');
    expect(() => stageConfig('dev', { ...base, originSecret: { sent: 'a'.repeat(36), accepted: ['a'.repeat(36)] } })).toThrow(
      /"originSecret": the origin secret is gone.*ADR 120/,
    );
    expect(() => stageConfig('dev', { ...base, sizes: { apiThrottleRate: 50 } })).toThrow(/"sizes.apiThrottleRate": there is no API Gateway stage throttle/);
  });
});

describe('origin protection (ADR 120): the API behind its function URL, signed by CloudFront', () => {
  it('the API has a function URL that takes only IAM-signed requests, and only CloudFront of this distribution may invoke it', () => {
    template.hasResourceProperties('AWS::Lambda::Url', {
      AuthType: 'AWS_IAM',
      InvokeMode: 'BUFFERED',
      TargetFunctionArn: { 'Fn::GetAtt': [fn('parts-dev-api').id, 'Arn'] },
    });
    const permissions = permissionsOf('parts-dev-api');
    expect(permissions.map((p) => p.Properties.Action).sort()).toEqual(['lambda:InvokeFunction', 'lambda:InvokeFunctionUrl']);
    for (const p of permissions) {
      expect(p.Properties.Principal).toBe('cloudfront.amazonaws.com');
      expect(JSON.stringify(p.Properties.SourceArn)).toContain(`"Ref":"${distributionId}"`);
    }
  });

  it('every /api behaviour goes to that URL through a Lambda OAC, forwarding the body hash, the viewer address and cookies, never Host', () => {
    const api = distribution.CacheBehaviors.filter((b) => b.PathPattern!.startsWith('/api'));
    expect(api.map((b) => b.PathPattern)).toContain('/api/*');
    const policies = template.findResources('AWS::CloudFront::OriginRequestPolicy');
    for (const behavior of api) {
      expectSignedFunctionUrlOrigin(behavior, urlOf('parts-dev-api'));
      const policyId = (behavior.OriginRequestPolicyId as { Ref: string }).Ref;
      const config = policies[policyId]!.Properties.OriginRequestPolicyConfig;
      expect(config.HeadersConfig.HeaderBehavior, behavior.PathPattern).toBe('whitelist');
      const headers = (config.HeadersConfig.Headers as string[]).map((h) => h.toLowerCase());
      expect(headers).toEqual(expect.arrayContaining(['x-amz-content-sha256', 'cloudfront-viewer-address', 'origin', 'content-type']));
      expect(headers).not.toContain('host');
      expect(config.CookiesConfig).toEqual({ CookieBehavior: 'all' });
    }
    expect(api.find((b) => b.PathPattern === '/api/*')!.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'PUT', 'PATCH', 'POST', 'DELETE']));
  });

  it("the API keeps its caps: reserved concurrency from the size preset, a 29 s timeout under CloudFront's 30 s, an alarm on the URL's 5xx", () => {
    template.hasResourceProperties('AWS::Lambda::Function', { FunctionName: 'parts-dev-api', ReservedConcurrentExecutions: 50, Timeout: 29 });
    const alarm = Object.values(template.findResources('AWS::CloudWatch::Alarm')).find((a) => a.Properties.AlarmName === 'parts-dev-api-5xx')!.Properties;
    expect(alarm).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Url5xxCount', Statistic: 'Sum' });
    expect(JSON.stringify(alarm.Dimensions)).toContain(`"Ref":"${fn('parts-dev-api').id}"`);
  });
});

describe('origin protection (ADR 105): the page renderer behind its function URL, signed by CloudFront', () => {
  it('the renderer has a function URL that takes only IAM-signed requests, and only CloudFront of this distribution may invoke it', () => {
    template.hasResourceProperties('AWS::Lambda::Url', { AuthType: 'AWS_IAM', TargetFunctionArn: { 'Fn::GetAtt': [fn('parts-dev-web-renderer').id, 'Arn'] } });
    const permissions = permissionsOf('parts-dev-web-renderer');
    expect(permissions.map((p) => p.Properties.Action).sort()).toEqual(['lambda:InvokeFunction', 'lambda:InvokeFunctionUrl']);
    for (const p of permissions) {
      expect(p.Properties.Principal).toBe('cloudfront.amazonaws.com');
      expect(JSON.stringify(p.Properties.SourceArn)).toContain(`"Ref":"${distributionId}"`);
    }
  });

  it('every page behaviour goes to that URL through a Lambda origin access control that always signs, with no viewer header (never Host)', () => {
    const pages = [
      distribution.DefaultCacheBehavior,
      ...distribution.CacheBehaviors.filter((b) => ['/catalog', '/catalog/*', '/manufacturer/*'].includes(b.PathPattern!)),
    ];
    expect(pages).toHaveLength(4);
    for (const behavior of pages) {
      expectSignedFunctionUrlOrigin(behavior, urlOf('parts-dev-web-renderer'));
      expect(behavior.OriginRequestPolicyId).toBeUndefined();
      expect(behavior.AllowedMethods ?? ['GET', 'HEAD']).toEqual(['GET', 'HEAD']);
    }
  });
});
