import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { WORKER_CONCURRENCY } from '../src/constructs/app-function';
import { WAF_AUTH_UNCOUNTED_PATHS } from '../src/constructs/web-firewall';
import { SIZE_PRESETS } from '../src/config';
import { REPO_ROOT } from '../src/paths';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildStack, committedStage, logicalIdOf } from './support/template';

/** Issue 33: what a first deploy from an empty account needs, on the committed prod and dev stages. */
let prod: ReturnType<typeof buildStack>;
let dev: ReturnType<typeof buildStack>;
beforeAll(() => {
  prod = buildStack({}, { stage: 'prod' });
  dev = buildStack();
}, 300_000);

const fnProps = (t: Template, name: string) =>
  Object.values(t.findResources('AWS::Lambda::Function')).find((r) => r.Properties.FunctionName === name)!.Properties as Record<string, unknown> & {
    Environment: { Variables: Record<string, unknown> };
  };

describe('regions: data in the stage region, the CloudFront WAF and certificate in us-east-1', () => {
  it('the data stack is in eu-west-1 and the edge stack in us-east-1; the distribution reads both edge values across regions', () => {
    expect(prod.stack.region).toBe('eu-west-1');
    expect(prod.edge.region).toBe('us-east-1');
    expect(prod.stack.account).toBe(committedStage('prod').account);
    prod.edgeTemplate.resourceCountIs('AWS::WAFv2::WebACL', 1);
    prod.edgeTemplate.hasResourceProperties('AWS::CertificateManager::Certificate', { DomainName: 'parts.example.com', ValidationMethod: 'DNS' });
    prod.template.resourceCountIs('AWS::CertificateManager::Certificate', 0);
    const dist = Object.values(prod.template.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
    expect(dist.Aliases).toEqual(['parts.example.com']);
    expect(JSON.stringify(dist.ViewerCertificate.AcmCertificateArn)).toContain('ExportsReader');
    expect(dist.ViewerCertificate).toMatchObject({ SslSupportMethod: 'sni-only' });
    expect(JSON.stringify(dist.WebACLId)).toContain('ExportsReader');
  });

  it('the site origin derives from the domain; a stage without a domain answers on the CloudFront name', () => {
    expect(fnProps(prod.template, 'parts-prod-api').Environment.Variables.ALLOWED_ORIGINS).toBe('https://parts.example.com');
    expect(fnProps(prod.template, 'parts-prod-web-renderer').Environment.Variables.SITE_URL).toBe('https://parts.example.com');
    prod.template.hasOutput('SiteUrl', { Value: 'https://parts.example.com' });
    const devDist = Object.values(dev.template.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
    expect(devDist.Aliases).toBeUndefined();
    expect(devDist.ViewerCertificate).toBeUndefined();
    dev.edgeTemplate.resourceCountIs('AWS::CertificateManager::Certificate', 0);
    // The API cannot be told the CloudFront name (a cycle through its function URL, ADR 120): the browser's
    // Sec-Fetch-Site: same-origin stands for it, while the buckets' CORS and the sitemaps still get the name.
    expect(fnProps(dev.template, 'parts-dev-api').Environment.Variables.ALLOWED_ORIGINS).toBe('same-origin');
    expect(JSON.stringify(fnProps(dev.template, 'parts-dev-sitemaps').Environment.Variables.SITE_URL)).toContain('DomainName');
  });

  it("the API is told whether a buyer must give a PO number (the stage's purchaseOrderNumber, default optional)", () => {
    expect(fnProps(dev.template, 'parts-dev-api').Environment.Variables.SITE_PO_NUMBER).toBe('optional');
  });
});

describe('a failed first deploy can be retried: nothing kept has a fixed name that blocks it', () => {
  it('kept resources are deleted when their creation rolls back or have generated names; the rest is deleted with the stack', () => {
    const t = prod.template;
    const resources = t.toJSON().Resources as Record<string, { Type: string; DeletionPolicy?: string; Properties?: Record<string, unknown> }>;
    const kept = Object.entries(resources).filter(([, r]) => r.DeletionPolicy === 'Retain' || r.DeletionPolicy === 'RetainExceptOnCreate');
    const summary = kept.map(([, r]) => ({
      type: r.Type,
      policy: r.DeletionPolicy,
      named: JSON.stringify(r.Properties ?? {}).match(/"(TableName|BucketName|LogGroupName)"/)?.[1],
    }));
    // Table (deletion protection: CloudFormation cannot delete it, so Retain with a generated name), attachments
    // (fixed name, deleted while still empty on rollback), access logs (generated name, deleted on rollback).
    expect(summary).toEqual(
      expect.arrayContaining([
        { type: 'AWS::DynamoDB::Table', policy: 'Retain', named: undefined },
        { type: 'AWS::S3::Bucket', policy: 'RetainExceptOnCreate', named: 'BucketName' },
        { type: 'AWS::S3::Bucket', policy: 'RetainExceptOnCreate', named: undefined },
      ]),
    );
    for (const s of summary) expect(s.policy === 'Retain' ? s.named : 'ok', JSON.stringify(s)).not.toBe('TableName');
    expect(summary.filter((s) => s.type === 'AWS::Logs::LogGroup')).toEqual([]);
    t.hasResource('AWS::Logs::LogGroup', { Properties: { LogGroupName: '/aws/lambda/parts-prod-api' }, DeletionPolicy: 'Delete' });
  });

  it('TTL deletes expired sessions and rate-limit counters (expiresAt)', () => {
    prod.template.hasResourceProperties('AWS::DynamoDB::Table', { TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true } });
  });
});

describe('SES per stage, with bounces and complaints suppressed', () => {
  it('each stage has its own identity and a configuration set that suppresses bounces and complaints and reports them to SNS', () => {
    prod.template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'parts.example.com' });
    dev.template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: committedStage('dev').mailDomain });
    prod.template.hasResourceProperties('AWS::SES::ConfigurationSet', {
      Name: 'parts-prod-mail',
      SuppressionOptions: { SuppressedReasons: Match.arrayEquals(['BOUNCE', 'COMPLAINT']) },
    });
    prod.template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: Match.objectLike({ MatchingEventTypes: Match.arrayWith(['bounce', 'complaint']), SnsDestination: Match.anyValue() }),
    });
  });

  it('a mail the mailer gives up on raises an alarm', () => {
    prod.template.hasResourceProperties('AWS::Logs::MetricFilter', { FilterPattern: '{ $.event = "mail.gave_up" }' });
    prod.template.hasResourceProperties('AWS::CloudWatch::Alarm', { AlarmName: 'parts-prod-mail-given-up', MetricName: 'parts-prod-mails-given-up' });
  });
});

describe('capacity and cost guards', () => {
  it('every function has reserved concurrency; the public ones from the stage size', () => {
    const sizes = SIZE_PRESETS.large;
    const expected: Record<string, number> = {
      api: sizes.apiReservedConcurrency,
      'web-renderer': sizes.rendererReservedConcurrency,
      'import-chunk': sizes.importChunkConcurrency,
      ...WORKER_CONCURRENCY,
    };
    for (const [name, n] of Object.entries(expected)) expect(fnProps(prod.template, `parts-prod-${name}`).ReservedConcurrentExecutions, name).toBe(n);
  });

  it('the WAF sign-in rule does not count /api/auth/me', () => {
    const acl = Object.values(prod.edgeTemplate.findResources('AWS::WAFv2::WebACL'))[0]!.Properties;
    const auth = (acl.Rules as { Name: string; Statement: unknown }[]).find((r) => r.Name === 'auth-rate')!;
    const scope = JSON.stringify(auth.Statement);
    for (const path of WAF_AUTH_UNCOUNTED_PATHS)
      expect(scope).toContain(
        `"NotStatement":{"Statement":{"ByteMatchStatement":{"FieldToMatch":{"UriPath":{}},"PositionalConstraint":"EXACTLY","SearchString":"${path}"`,
      );
  });

  it('an AWS Budgets alarm on the stage budget goes to the alarm topic', () => {
    const topic = logicalIdOf(prod.template, 'AWS::SNS::Topic', { Properties: { TopicName: 'parts-prod-alarms' } });
    prod.template.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: Match.objectLike({ BudgetLimit: { Amount: committedStage('prod').monthlyBudgetUsd, Unit: 'USD' }, TimeUnit: 'MONTHLY' }),
      NotificationsWithSubscribers: Match.arrayWith([Match.objectLike({ Subscribers: [{ SubscriptionType: 'SNS', Address: { Ref: topic } }] })]),
    });
  });
});

describe('OpenSearch sized to be green', () => {
  it('small: one node and indexes with 0 replicas; large: two data nodes over two AZs under three dedicated masters', () => {
    dev.template.hasResourceProperties('AWS::OpenSearchService::Domain', {
      ClusterConfig: Match.objectLike({ InstanceCount: 1, DedicatedMasterEnabled: false, ZoneAwarenessEnabled: false }),
    });
    expect(fnProps(dev.template, 'parts-dev-indexer').Environment.Variables.OPENSEARCH_REPLICAS).toBe('0');
    prod.template.hasResourceProperties('AWS::OpenSearchService::Domain', {
      ClusterConfig: Match.objectLike({
        InstanceCount: 2,
        DedicatedMasterEnabled: true,
        DedicatedMasterCount: 3,
        ZoneAwarenessEnabled: true,
        ZoneAwarenessConfig: { AvailabilityZoneCount: 2 },
      }),
    });
    expect(fnProps(prod.template, 'parts-prod-indexer').Environment.Variables.OPENSEARCH_REPLICAS).toBe('1');
  });

  it('slow logs go to CloudWatch Logs, and red, yellow, free storage and JVM pressure raise alarms', () => {
    prod.template.hasResourceProperties('AWS::OpenSearchService::Domain', {
      LogPublishingOptions: Match.objectLike({ SEARCH_SLOW_LOGS: Match.objectLike({ Enabled: true }), INDEX_SLOW_LOGS: Match.objectLike({ Enabled: true }) }),
    });
    for (const metric of ['ClusterStatus.red', 'ClusterStatus.yellow', 'FreeStorageSpace', 'JVMMemoryPressure']) {
      prod.template.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: metric, Namespace: 'AWS/ES' });
    }
  });
});

describe("cdk-nag's AwsSolutions pack over the synthesized app (every acknowledgement justified in src/nag.ts)", () => {
  /** Unacknowledged errors as "rule at construct path"; warnings (e.g. CFR1, no geo restriction) are not failures. */
  const nagErrors = (app: ReturnType<typeof buildStack>['app']) =>
    new AwsSolutionsChecks(app)
      .validateScope(app)
      .violations.filter((v) => (v as { severity?: string }).severity !== 'warning')
      .flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${(r as { constructPath?: string }).constructPath ?? r.resourceLogicalId}`));

  it('the prod stage (large, with a domain) has no unacknowledged error', () => {
    expect(nagErrors(prod.app)).toEqual([]);
  });

  it('the dev stage (small, no domain) has none either', () => {
    expect(nagErrors(dev.app)).toEqual([]);
  });
});

describe("docs/deploy.md cost table: the fixed items it counts are the stacks' (issue 33)", () => {
  it('alarms, secrets and WAF rules as many as the synthesized prod stage has', () => {
    const doc = readFileSync(join(REPO_ROOT, 'docs/deploy.md'), 'utf8');
    const costs = doc.slice(doc.indexOf('## Monthly cost estimate'), doc.indexOf('## Tear down'));
    const count = (pattern: RegExp) => Number(pattern.exec(costs)?.[1]);
    expect(count(/(\d+) CloudWatch alarms/)).toBe(Object.keys(prod.template.findResources('AWS::CloudWatch::Alarm')).length);
    expect(count(/(\d+) secrets?\b/)).toBe(Object.keys(prod.template.findResources('AWS::SecretsManager::Secret')).length);
    const acl = Object.values(prod.edgeTemplate.findResources('AWS::WAFv2::WebACL'))[0]!;
    expect(count(/(\d+) rules × \$1/)).toBe((acl.Properties.Rules as unknown[]).length);
    for (const size of ['small', 'medium', 'large']) expect(costs).toContain(`| ${size}`);
    expect(costs).toMatch(/\| WAF \|/);
    expect(costs).toMatch(/crawler/i);
  });
});
