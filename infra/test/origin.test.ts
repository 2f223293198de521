import { Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { stageConfig } from '../src/config';
import { ORIGIN_VERIFY_HEADER, originSecretValues } from '../src/constructs/edge-security';
import { buildStack, committedStage, logicalIdOf } from './support/template';

/**
 * Issue 33, ADR 105 and ADR 106: the renderer is reachable only through CloudFront at no cost when called directly
 * (function URL, AWS_IAM, origin access control); the API's origin secret rotates through pinned versions. One synth
 * of a stage in the middle of a rotation (CloudFront sends version B, the API accepts A and B).
 */
const A = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';
const B = 'a6f3c0de-8d7e-4c1b-9b3a-5e2f7d9c1a04';
let template: Template;
type Behavior = { TargetOriginId: string; PathPattern?: string; OriginRequestPolicyId?: unknown; AllowedMethods?: string[] };
let distribution: {
  DefaultCacheBehavior: Behavior;
  CacheBehaviors: Behavior[];
  Origins: { Id: string; DomainName: unknown; OriginAccessControlId?: unknown; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
};
let distributionId: string;

beforeAll(() => {
  ({ template } = buildStack({ originSecret: { sent: B, accepted: [A, B] } }));
  distributionId = logicalIdOf(template, 'AWS::CloudFront::Distribution');
  distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
}, 240_000);

const fn = (name: string) => {
  const [id, resource] = Object.entries(template.findResources('AWS::Lambda::Function')).find(([, r]) => r.Properties.FunctionName === name)!;
  return { id, props: resource.Properties as { Environment: { Variables: Record<string, unknown> } } };
};
const originOf = (b: Behavior) => distribution.Origins.find((o) => o.Id === b.TargetOriginId)!;

describe('origin protection (ADR 105): the page renderer behind its function URL, signed by CloudFront', () => {
  it('the renderer has a function URL that takes only IAM-signed requests, and only CloudFront of this distribution may invoke it', () => {
    const renderer = fn('parts-dev-web-renderer');
    template.hasResourceProperties('AWS::Lambda::Url', { AuthType: 'AWS_IAM', TargetFunctionArn: { 'Fn::GetAtt': [renderer.id, 'Arn'] } });
    const url = logicalIdOf(template, 'AWS::Lambda::Url');
    const permissions = Object.values(template.findResources('AWS::Lambda::Permission')).filter((p) =>
      [renderer.id, url].some((id) => JSON.stringify(p.Properties.FunctionName).includes(`"${id}"`)),
    );
    expect(permissions.map((p) => p.Properties.Action).sort()).toEqual(['lambda:InvokeFunction', 'lambda:InvokeFunctionUrl']);
    for (const p of permissions) {
      expect(p.Properties.Principal).toBe('cloudfront.amazonaws.com');
      expect(JSON.stringify(p.Properties.SourceArn)).toContain(`"Ref":"${distributionId}"`);
    }
    // No API Gateway route reaches it any more: the HTTP API serves /api only.
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map((r) => r.Properties.RouteKey);
    expect(routes).toEqual(['ANY /api/{proxy+}']);
  });

  it('every page behaviour goes to that URL through a Lambda origin access control that always signs, with no viewer header (never Host)', () => {
    const urlId = logicalIdOf(template, 'AWS::Lambda::Url');
    const pages = [
      distribution.DefaultCacheBehavior,
      ...distribution.CacheBehaviors.filter((b) => ['/catalog', '/catalog/*', '/manufacturer/*'].includes(b.PathPattern!)),
    ];
    expect(pages).toHaveLength(4);
    for (const behavior of pages) {
      const origin = originOf(behavior);
      expect(JSON.stringify(origin.DomainName)).toContain(`"${urlId}","FunctionUrl"`);
      expect(origin.OriginCustomHeaders ?? []).toEqual([]);
      expect(behavior.OriginRequestPolicyId).toBeUndefined();
      expect(behavior.AllowedMethods ?? ['GET', 'HEAD']).toEqual(['GET', 'HEAD']);
      const oacId = (origin.OriginAccessControlId as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      expect(template.findResources('AWS::CloudFront::OriginAccessControl')[oacId]!.Properties.OriginAccessControlConfig).toMatchObject({
        OriginAccessControlOriginType: 'lambda',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
      });
    }
  });

  it('the renderer carries no origin secret (the IAM check is its guard)', () => {
    expect(fn('parts-dev-web-renderer').props.Environment.Variables.ORIGIN_VERIFY_SECRET).toBeUndefined();
  });
});

describe('origin-secret rotation (ADR 106): pinned versions, one side changed per deploy', () => {
  const reference = (versionId: string) => expect.stringMatching(new RegExp(`^\\{\\{resolve:secretsmanager:.*:SecretString:::${versionId}\\}\\}$`));
  const resolved = (value: unknown) => JSON.stringify(value);

  it('CloudFront sends the pinned "sent" version; the API accepts every "accepted" version, comma-separated', () => {
    const apiOrigin = distribution.Origins.find((o) => o.OriginCustomHeaders?.some((h) => h.HeaderName === ORIGIN_VERIFY_HEADER))!;
    const header = apiOrigin.OriginCustomHeaders!.find((h) => h.HeaderName === ORIGIN_VERIFY_HEADER)!.HeaderValue;
    expect(resolved(header)).toContain(`SecretString:::${B}}}`);
    expect(resolved(header)).not.toContain(A);
    const accepted = fn('parts-dev-api').props.Environment.Variables.ORIGIN_VERIFY_SECRET as { 'Fn::Join': [string, unknown[]] };
    expect(accepted['Fn::Join'][0]).toBe(',');
    const parts = accepted['Fn::Join'][1].map(resolved);
    expect(parts).toHaveLength(2);
    expect(parts[0]).toContain(`SecretString:::${A}}}`);
    expect(parts[1]).toContain(`SecretString:::${B}}}`);
  });

  it('the three deploys of a rotation each change one side to a value the other side already accepts', () => {
    const stack = new Stack();
    const arn = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:parts-dev/origin-verify-AbCdEf';
    const at = (versions?: { sent: string; accepted: string[] }) => {
      const v = originSecretValues(arn, versions);
      return { sent: stack.resolve(v.sent) as string, accepted: JSON.stringify(stack.resolve(v.accepted)) };
    };
    // Unpinned (every stage until its first rotation): AWSCURRENT, resolved once at creation.
    expect(at().sent).toBe(`{{resolve:secretsmanager:${arn}:SecretString:::}}`);
    const steps = [at({ sent: A, accepted: [A, B] }), at({ sent: B, accepted: [A, B] }), at({ sent: B, accepted: [B] })];
    expect(steps.map((s) => s.sent)).toEqual([reference(A), reference(B), reference(B)]);
    for (const [i, step] of steps.entries()) {
      expect(step.accepted).toContain(`:::${i === 0 ? A : B}}}`);
      if (i > 0) expect(steps[i - 1]!.accepted).toContain(`:::${step.sent.split(':::')[1]}`);
    }
  });

  it('cdk.json refuses a rotation the API could not follow: a sent version it does not accept, a malformed id, three versions', () => {
    const base = committedStage('dev');
    const refused = (originSecret: unknown) => () => stageConfig('dev', { ...base, originSecret });
    expect(refused({ sent: B, accepted: [A] })).toThrow(/must include the "sent" version/);
    expect(refused({ sent: 'AWSCURRENT', accepted: ['AWSCURRENT'] })).toThrow(/not a Secrets Manager version id/);
    expect(refused({ sent: A, accepted: [A, B, 'c6f3c0de-8d7e-4c1b-9b3a-5e2f7d9c1a04'] })).toThrow(/one or two accepted versions/);
    expect(refused({ current: A })).toThrow(/"originSecret" must be/);
    expect(stageConfig('dev', { ...base, originSecret: { sent: A, accepted: [A] } }).originSecret).toEqual({ sent: A, accepted: [A] });
  });
});
