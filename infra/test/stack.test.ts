import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLE_DEFINITION } from '@parts/functions/adapters/dynamodb/table';
import { QUOTE_PREFIX, UPLOAD_PREFIX } from '../src/constructs/files';
import { existsSync } from 'node:fs';
import { MISSING_BUILD_MESSAGE, PLACEHOLDER_SITE, WEB_DIST, siteSourceDir } from '../src/paths';
import { rendererBundleCommands } from '../src/constructs/renderer';
import { INDEXER_STREAM_FILTER, STREAM_BATCH_SIZE, STREAM_RETRY_ATTEMPTS } from '../src/constructs/indexer';
import { IMPORT_CHUNK_BYTES, IMPORT_CHUNK_MAX_RECEIVES, IMPORT_CHUNK_TIMEOUT } from '../src/constructs/api';
import { allowStatementsOf, asArray, buildStack, grants, logicalIdOf, roleOf, siteBucketIdOf } from './support/template';
import type { Statement } from './support/template';

let template: Template;
let ids: { table: string; attachments: string; staging: string; secret: string; dlq: string; domain: string };
let roles: { api: string; importJob: string; indexer: string };
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';

type Behavior = Record<string, unknown> & { PathPattern?: string };
let distribution: { DefaultCacheBehavior: Behavior; CacheBehaviors: Behavior[]; Origins: Record<string, unknown>[]; CustomErrorResponses?: unknown };

beforeAll(() => {
  ({ template } = buildStack());
  ids = {
    table: logicalIdOf(template, 'AWS::DynamoDB::Table'),
    attachments: logicalIdOf(template, 'AWS::S3::Bucket', {
      Properties: { BucketName: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith(['parts-dev-attachments-'])] }) },
    }),
    staging: logicalIdOf(template, 'AWS::S3::Bucket', {
      Properties: { BucketName: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith(['parts-dev-csv-staging-'])] }) },
    }),
    secret: logicalIdOf(template, 'AWS::SecretsManager::Secret', { Properties: { Name: 'parts-dev/jwt-secret' } }),
    dlq: logicalIdOf(template, 'AWS::SQS::Queue', { Properties: { QueueName: 'parts-dev-indexer-dlq' } }),
    domain: logicalIdOf(template, 'AWS::OpenSearchService::Domain'),
  };
  roles = { api: roleOf(template, 'parts-dev-api'), importJob: roleOf(template, 'parts-dev-import-job'), indexer: roleOf(template, 'parts-dev-indexer') };
  distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
  // One synth for the whole file (every describe reads this template); loading aws-cdk-lib takes seconds on a busy machine.
}, 240_000);

const OUR_FUNCTIONS = ['api', 'import-job', 'import-chunk', 'indexer', 'reindex', 'mailer', 'web-renderer', 'sitemaps', 'quote-expiry'].map(
  (n) => `parts-dev-${n}`,
);

describe('lambda functions', () => {
  it('run Node.js 22 on arm64 with source maps enabled', () => {
    for (const name of OUR_FUNCTIONS) {
      template.hasResourceProperties('AWS::Lambda::Function', {
        FunctionName: name,
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        Environment: { Variables: Match.objectLike({ NODE_OPTIONS: '--enable-source-maps' }) },
      });
    }
    template.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: 'parts-dev-api',
      Environment: { Variables: Match.objectLike({ NODE_ENV: 'production', JWT_SECRET_ARN: Match.anyValue() }) },
    });
  });

  it('the API is the Hono function behind its own IAM function URL (no API Gateway, ADR 120), capped by reserved concurrency from the sizes', () => {
    const fn = logicalIdOf(template, 'AWS::Lambda::Function', { Properties: { FunctionName: 'parts-dev-api' } });
    template.hasResourceProperties('AWS::Lambda::Url', { AuthType: 'AWS_IAM', TargetFunctionArn: { 'Fn::GetAtt': [fn, 'Arn'] } });
    template.resourceCountIs('AWS::ApiGatewayV2::Api', 0);
    template.hasResourceProperties('AWS::Lambda::Function', { FunctionName: 'parts-dev-api', ReservedConcurrentExecutions: 50 });
  });

  it('the import job may run 15 minutes and is never retried blindly', () => {
    template.hasResourceProperties('AWS::Lambda::Function', { FunctionName: 'parts-dev-import-job', Timeout: 900 });
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { MaximumRetryAttempts: 0 });
  });
});

describe('data', () => {
  it('is the data layer’s table: on demand, PITR, deletion protection, NEW_AND_OLD_IMAGES stream', () => {
    const def = TABLE_DEFINITION;
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      TableName: Match.absent(),
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
      KeySchema: [
        { AttributeName: def.partitionKey, KeyType: 'HASH' },
        { AttributeName: def.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: def.globalSecondaryIndexes.map((g) =>
        Match.objectLike({
          IndexName: g.indexName,
          KeySchema: [
            { AttributeName: g.partitionKey, KeyType: 'HASH' },
            { AttributeName: g.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        }),
      ),
    });
    template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain' });
  });

  it('demand terms and counters (ADR 129) expire by the table’s TTL attribute, and terms rank on gsi1 and gsi2', () => {
    const table = Object.values(template.findResources('AWS::DynamoDB::Table'))[0]!.Properties;
    expect(table.TimeToLiveSpecification).toEqual({ AttributeName: 'expiresAt', Enabled: true });
    const indexes = (table.GlobalSecondaryIndexes as { IndexName: string; KeySchema: { AttributeName: string }[] }[]).map((g) => [
      g.IndexName,
      g.KeySchema.map((k) => k.AttributeName),
    ]);
    expect(indexes).toEqual(
      expect.arrayContaining([
        ['gsi1', ['gsi1pk', 'gsi1sk']],
        ['gsi2', ['gsi2pk', 'gsi2sk']],
      ]),
    );
    const stringKeys = (table.AttributeDefinitions as { AttributeName: string; AttributeType: string }[]).filter((a) => a.AttributeName.startsWith('gsi'));
    expect(stringKeys.every((a) => a.AttributeType === 'S')).toBe(true);
  });
});

describe('search', () => {
  it('the domain encrypts at rest and between nodes and accepts HTTPS only', () => {
    template.hasResourceProperties('AWS::OpenSearchService::Domain', {
      DomainName: 'parts-dev',
      EncryptionAtRestOptions: { Enabled: true },
      NodeToNodeEncryptionOptions: { Enabled: true },
      DomainEndpointOptions: { EnforceHTTPS: true, TLSSecurityPolicy: 'Policy-Min-TLS-1-2-2019-07' },
    });
  });

  it('only the API and indexer roles may call the domain, and the page renderer may only search it', () => {
    const domain = Object.values(template.findResources('AWS::OpenSearchService::Domain'))[0]!;
    const statements = domain.Properties.AccessPolicies.Statement as Statement[];
    expect(statements).toHaveLength(2);
    const [s, reader] = statements;
    expect(s!.Effect).toBe('Allow');
    expect(s!.Principal).toEqual({ AWS: [{ 'Fn::GetAtt': [roles.api, 'Arn'] }, { 'Fn::GetAtt': [roles.indexer, 'Arn'] }] });
    expect(asArray(s!.Action).every((a) => a.startsWith('es:ESHttp') && !a.includes('*'))).toBe(true);
    expect(reader!.Principal).toEqual({ AWS: [{ 'Fn::GetAtt': [roleOf(template, 'parts-dev-web-renderer'), 'Arn'] }] });
    expect(asArray(reader!.Action).sort()).toEqual(['es:ESHttpGet', 'es:ESHttpHead', 'es:ESHttpPost']);
    expect(grants(template, roles.importJob, 'es:ESHttpPut', 'AWS::AccountId')).toBe(false);
  });

  it('the indexer reads the stream in batches, bisects on error, retries a bounded number of times, then dead-letters', () => {
    const indexer = logicalIdOf(template, 'AWS::Lambda::Function', { Properties: { FunctionName: 'parts-dev-indexer' } });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: indexer },
      EventSourceArn: { 'Fn::GetAtt': [ids.table, 'StreamArn'] },
      BatchSize: STREAM_BATCH_SIZE,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: STREAM_RETRY_ATTEMPTS,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ParallelizationFactor: 1,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [ids.dlq, 'Arn'] } } },
    });
    template.hasResourceProperties('AWS::SQS::Queue', { QueueName: 'parts-dev-indexer-dlq', SqsManagedSseEnabled: true });
  });

  it('the indexer is invoked only for parts, categories and manufacturers: demand counters never wake it (ADR 129)', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify(INDEXER_STREAM_FILTER) }] },
    });
    expect(INDEXER_STREAM_FILTER.dynamodb.Keys.pk.S).toEqual([{ prefix: 'PART#' }, 'CATEGORY', 'MANUFACTURER']);
  });

  it('the reindex task runs under the indexer role', () => {
    expect(roleOf(template, 'parts-dev-reindex')).toBe(roles.indexer);
  });

  it('the stream is read from TRIM_HORIZON with a 24-hour record age, and the consistency repair runs on a schedule', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', { StartingPosition: 'TRIM_HORIZON', MaximumRecordAgeInSeconds: 86_400 });
    const reindex = logicalIdOf(template, 'AWS::Lambda::Function', { Properties: { FunctionName: 'parts-dev-reindex' } });
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(6 hours)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [reindex, 'Arn'] }, Input: JSON.stringify({ repair: true }) })],
    });
  });

  it('offers that ran out are recorded by a scheduled job every 15 minutes that touches only the table (ADR 113)', () => {
    const job = logicalIdOf(template, 'AWS::Lambda::Function', { Properties: { FunctionName: 'parts-dev-quote-expiry' } });
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(15 minutes)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [job, 'Arn'] } })],
    });
    const actions = allowStatementsOf(template, roleOf(template, 'parts-dev-quote-expiry')).flatMap((s) => asArray(s.Action));
    expect(actions.filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('logs:') && !a.startsWith('xray:'))).toEqual([]);
    // The same job writes the buyer's reminder (issue 28) to the outbox, with links to the site.
    template.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: 'parts-dev-quote-expiry',
      Environment: { Variables: Match.objectLike({ QUOTE_REMINDER_DAYS_BEFORE: '3', SITE_URL: Match.anyValue() }) },
    });
  });
});

describe('files', () => {
  it('no bucket is public: every bucket blocks public access and no Allow statement names everyone', () => {
    const buckets = template.findResources('AWS::S3::Bucket');
    // Site, attachments, CSV staging and CloudFront's access logs (security.test.ts).
    expect(Object.keys(buckets)).toHaveLength(4);
    for (const [id, b] of Object.entries(buckets)) {
      expect(b.Properties.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(b.Properties.AccessControl, id).toBeUndefined();
      expect(b.Properties.WebsiteConfiguration, id).toBeUndefined();
    }
    for (const p of Object.values(template.findResources('AWS::S3::BucketPolicy'))) {
      for (const s of p.Properties.PolicyDocument.Statement as Statement[]) {
        if (s.Effect !== 'Allow') continue;
        expect(JSON.stringify(s.Principal)).not.toMatch(/"\*"|^"\*"$/);
      }
    }
  });

  it('data buckets are encrypted, TLS-only and accept presigned PUTs from CloudFront names only on a stage without a domain', () => {
    // The distribution's own name would be a cycle (bucket → distribution → API function URL → its role → bucket, ADR 120).
    for (const id of [ids.attachments, ids.staging]) {
      const b = template.findResources('AWS::S3::Bucket')[id]!.Properties;
      expect(b.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
      expect(b.CorsConfiguration.CorsRules).toEqual([
        expect.objectContaining({
          AllowedMethods: ['PUT'],
          AllowedOrigins: ['https://*.cloudfront.net'],
        }),
      ]);
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: id },
        PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
      });
    }
  });

  it('lifecycle rules abort abandoned uploads, expire unclaimed attachments and staged CSV files', () => {
    const rules = (id: string) => template.findResources('AWS::S3::Bucket')[id]!.Properties.LifecycleConfiguration.Rules as Record<string, unknown>[];
    expect(rules(ids.attachments)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }),
        { Id: 'expire-unclaimed-uploads', Prefix: 'uploads/', ExpirationInDays: 2, Status: 'Enabled' },
      ]),
    );
    // Stored requests' files are customer documents: the only expiry is the uploads/ prefix, so quotes/ never expires.
    const attachmentExpiry = rules(ids.attachments).filter((r) => r.ExpirationInDays !== undefined || r.ExpirationDate !== undefined);
    expect(attachmentExpiry.map((r) => r.Prefix)).toEqual([UPLOAD_PREFIX]);
    expect(QUOTE_PREFIX.startsWith(UPLOAD_PREFIX)).toBe(false);
    expect(attachmentExpiry.some((r) => QUOTE_PREFIX.startsWith(String(r.Prefix)))).toBe(false);
    expect(rules(ids.staging)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
        expect.objectContaining({ ExpirationInDays: 3 }),
      ]),
    );
    // The staging expiry covers the whole bucket, not a prefix.
    expect(rules(ids.staging).find((r) => r.ExpirationInDays === 3)?.Prefix).toBeUndefined();
    template.hasResource('AWS::S3::Bucket', {
      Properties: {
        BucketName: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith(['parts-dev-attachments-'])] }),
        VersioningConfiguration: { Status: 'Enabled' },
      },
      DeletionPolicy: 'RetainExceptOnCreate',
      UpdateReplacePolicy: 'Retain',
    });
    expect(rules(ids.attachments)).toEqual(
      expect.arrayContaining([expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: 30 }, ExpiredObjectDeleteMarker: true })]),
    );
  });

  it('a stage domain replaces the distribution domain in CORS', () => {
    const { template: custom } = buildStack({ domainName: 'parts.example.com' });
    const origins = Object.values(custom.findResources('AWS::S3::Bucket'))
      .filter((b) => b.Properties.CorsConfiguration)
      .map((b) => b.Properties.CorsConfiguration.CorsRules[0].AllowedOrigins);
    expect(origins).toEqual([['https://parts.example.com'], ['https://parts.example.com']]);
  });
});

describe('secrets and least privilege', () => {
  it('the JWT secret is generated at deploy and only the API can read it', () => {
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      Name: 'parts-dev/jwt-secret',
      GenerateSecretString: Match.objectLike({ PasswordLength: 64 }),
    });
    expect(grants(template, roles.api, 'secretsmanager:GetSecretValue', ids.secret)).toBe(true);
    expect(grants(template, roles.indexer, 'secretsmanager:GetSecretValue', ids.secret)).toBe(false);
    expect(grants(template, roles.importJob, 'secretsmanager:GetSecretValue', ids.secret)).toBe(false);
  });

  it('no Allow statement anywhere has a wildcard action on a data resource', () => {
    const dataIds = Object.values(ids);
    const dataNames = ['parts-dev-catalogue', 'parts-dev-attachments-', 'parts-dev-csv-staging-', 'domain/parts-dev', 'parts-dev/jwt-secret'];
    const offenders: string[] = [];
    const check = (where: string, s: Statement) => {
      if (s.Effect !== 'Allow') return;
      const wild = asArray(s.Action).filter((a) => a === '*' || a.includes('*'));
      if (wild.length === 0) return;
      const resource = JSON.stringify(s.Resource ?? '*');
      const onData = resource === '"*"' || dataIds.some((id) => resource.includes(`"${id}"`)) || dataNames.some((n) => resource.includes(n));
      if (onData) offenders.push(`${where}: ${wild.join(',')} on ${resource}`);
    };
    type PolicyDoc = { Statement?: Statement | Statement[] };
    type Props = { PolicyDocument?: PolicyDoc; AccessPolicies?: PolicyDoc; Policies?: { PolicyDocument: PolicyDoc }[] };
    const resources = template.toJSON().Resources as Record<string, { Type: string; Properties?: Props }>;
    let seen = 0;
    for (const [id, r] of Object.entries(resources)) {
      const p = r.Properties;
      const docs = [p?.PolicyDocument, p?.AccessPolicies, ...asArray(p?.Policies).map((x) => x.PolicyDocument)];
      for (const doc of docs) {
        for (const s of asArray(doc?.Statement)) {
          seen++;
          check(id, s);
        }
      }
    }
    expect(seen).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
  });

  it('each function gets only the actions it uses on the resources it uses', () => {
    const actionsOn = (role: string, id: string) =>
      allowStatementsOf(template, role)
        .filter((s) => JSON.stringify(s.Resource).includes(`"${id}"`))
        .flatMap((s) => asArray(s.Action))
        .sort();
    const write = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
    expect(actionsOn(roles.indexer, ids.table)).not.toEqual(expect.arrayContaining([write[0]]));
    expect(actionsOn(roles.api, ids.table)).toEqual(expect.arrayContaining(write));
    expect(actionsOn(roles.api, ids.attachments)).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:ListBucket', 's3:PutObject']);
    // Object actions on the attachments bucket reach uploads/* and quotes/* only, never the whole bucket.
    const objectResources = allowStatementsOf(template, roles.api)
      .filter((s) => JSON.stringify(s.Resource).includes(`"${ids.attachments}"`) && asArray(s.Action).includes('s3:GetObject'))
      .flatMap((s) => asArray(s.Resource as unknown))
      .map((r) => JSON.stringify(r));
    expect(objectResources).toHaveLength(2);
    expect(objectResources.filter((r) => r.includes('/uploads/*'))).toHaveLength(1);
    expect(objectResources.filter((r) => r.includes('/quotes/*'))).toHaveLength(1);
    const attachmentObjectActions = allowStatementsOf(template, roles.api)
      .filter((s) => JSON.stringify(s.Resource).includes('/uploads/*'))
      .flatMap((s) => asArray(s.Action))
      .sort();
    expect(attachmentObjectActions).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    expect(actionsOn(roles.api, ids.staging)).toEqual(['s3:GetObject', 's3:ListBucket', 's3:PutObject']);
    expect(actionsOn(roles.importJob, ids.staging)).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:ListBucket']);
    expect(actionsOn(roles.importJob, ids.attachments)).toEqual([]);
    expect(actionsOn(roles.indexer, ids.attachments)).toEqual([]);
    expect(actionsOn(roles.indexer, ids.staging)).toEqual([]);
    expect(actionsOn(roles.indexer, ids.dlq)).toEqual(['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage']);
    const importFn = logicalIdOf(template, 'AWS::Lambda::Function', { Properties: { FunctionName: 'parts-dev-import-job' } });
    expect(actionsOn(roles.api, importFn)).toEqual(['lambda:InvokeFunction']);
    const searchActions = (role: string) =>
      allowStatementsOf(template, role)
        .filter((s) => JSON.stringify(s.Resource).includes('domain/parts-dev'))
        .flatMap((s) => asArray(s.Action));
    expect(searchActions(roles.importJob)).toEqual([]);
    expect(searchActions(roles.indexer).length).toBeGreaterThan(0);
  });
});

describe('chunked imports (ADR 061)', () => {
  const queueId = () => logicalIdOf(template, 'AWS::SQS::Queue', { Properties: { QueueName: 'parts-dev-import-chunks' } });
  const dlqId = () => logicalIdOf(template, 'AWS::SQS::Queue', { Properties: { QueueName: 'parts-dev-import-chunks-dlq' } });
  const chunkFn = () => logicalIdOf(template, 'AWS::Lambda::Function', { Properties: { FunctionName: 'parts-dev-import-chunk' } });
  const actionsOn = (role: string, id: string) =>
    allowStatementsOf(template, role)
      .filter((s) => JSON.stringify(s.Resource).includes(`"${id}"`))
      .flatMap((s) => asArray(s.Action))
      .sort();

  it('chunks go through an encrypted queue whose messages reappear only after the worker’s timeout, 3 deliveries, then a DLQ', () => {
    const worker = template.findResources('AWS::Lambda::Function', { Properties: { FunctionName: 'parts-dev-import-chunk' } })[chunkFn()]!;
    const queue = template.findResources('AWS::SQS::Queue')[queueId()]!.Properties;
    expect(worker.Properties.Timeout).toBe(IMPORT_CHUNK_TIMEOUT.toSeconds());
    expect(queue.VisibilityTimeout).toBeGreaterThan(worker.Properties.Timeout);
    expect(queue).toMatchObject({
      SqsManagedSseEnabled: true,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlqId(), 'Arn'] }, maxReceiveCount: IMPORT_CHUNK_MAX_RECEIVES },
    });
    template.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: 'parts-dev-import-chunks-dlq',
      MessageRetentionPeriod: 14 * 24 * 3600,
      SqsManagedSseEnabled: true,
    });
    // TLS only, on both queues.
    for (const id of [queueId(), dlqId()]) {
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: id }],
        PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
      });
    }
  });

  it('the chunk worker takes one chunk per invocation, at most importChunkConcurrency at once, and reports failed items', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [queueId(), 'Arn'] },
      FunctionName: { Ref: chunkFn() },
      BatchSize: 1,
      ScalingConfig: { MaximumConcurrency: 4 },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('the planner sends to the queue, the worker consumes it; each reads the staged file and writes the table, nothing more', () => {
    const chunkRole = roleOf(template, 'parts-dev-import-chunk');
    expect(actionsOn(roles.importJob, queueId())).toEqual(['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage']);
    expect(actionsOn(chunkRole, queueId())).toEqual(
      expect.arrayContaining(['sqs:ChangeMessageVisibility', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:ReceiveMessage']),
    );
    expect(actionsOn(chunkRole, queueId())).not.toContain('sqs:SendMessage');
    expect(actionsOn(roles.api, queueId())).toEqual([]);
    expect(actionsOn(chunkRole, ids.table)).toEqual(
      expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:BatchWriteItem']),
    );
    expect(actionsOn(chunkRole, ids.staging)).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:ListBucket']);
    expect(actionsOn(chunkRole, ids.attachments)).toEqual([]);
    expect(grants(template, chunkRole, 'secretsmanager:GetSecretValue', ids.secret)).toBe(false);
    expect(allowStatementsOf(template, chunkRole).filter((s) => JSON.stringify(s.Resource).includes('domain/parts-dev'))).toEqual([]);
    template.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: 'parts-dev-import-job',
      Environment: { Variables: Match.objectLike({ IMPORT_CHUNK_QUEUE_URL: { Ref: queueId() }, IMPORT_CHUNK_BYTES: String(IMPORT_CHUNK_BYTES) }) },
    });
  });

  it('alarms when chunks land in the DLQ', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId(), 'QueueName'] } }],
      Threshold: 1,
      AlarmActions: [{ Ref: logicalIdOf(template, 'AWS::SNS::Topic', { Properties: { TopicName: 'parts-dev-alarms' } }) }],
    });
  });
});

describe('operations', () => {
  it('alarms on API 5xx, every function’s errors and throttles, DLQ depth — all to the alarm topic', () => {
    const topic = logicalIdOf(template, 'AWS::SNS::Topic', { Properties: { TopicName: 'parts-dev-alarms' } });
    const api = logicalIdOf(template, 'AWS::Lambda::Function', { Properties: { FunctionName: 'parts-dev-api' } });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'Url5xxCount',
      Namespace: 'AWS/Lambda',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: api } }],
      AlarmActions: [{ Ref: topic }],
    });
    for (const name of OUR_FUNCTIONS) {
      const fn = logicalIdOf(template, 'AWS::Lambda::Function', { Properties: { FunctionName: name } });
      for (const metric of ['Errors', 'Throttles']) {
        template.hasResourceProperties('AWS::CloudWatch::Alarm', {
          MetricName: metric,
          Namespace: 'AWS/Lambda',
          Dimensions: [{ Name: 'FunctionName', Value: { Ref: fn } }],
          AlarmActions: [{ Ref: topic }],
        });
      }
    }
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [ids.dlq, 'QueueName'] } }],
      Threshold: 1,
      AlarmActions: [{ Ref: topic }],
    });
  });

  it('outputs the site URL, and no API URL: the API is reached only at /api on the site (ADR 120)', () => {
    const distribution = logicalIdOf(template, 'AWS::CloudFront::Distribution');
    template.hasOutput('SiteUrl', { Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distribution, 'DomainName'] }]] } });
    expect(Object.keys(template.findOutputs('ApiUrl'))).toEqual([]);
  });
});

describe('stage and sizes from context', () => {
  it('derives every name from the stage and takes sizes from the preset and overrides', () => {
    const { template: qa } = buildStack({ size: 'large', sizes: { apiMemoryMb: 2048 } }, { stage: 'qa' });
    qa.hasResourceProperties('AWS::DynamoDB::Table', { TableName: Match.absent() });
    qa.hasResourceProperties('AWS::Lambda::Function', { FunctionName: 'parts-qa-api', MemorySize: 2048 });
    qa.hasResourceProperties('AWS::Lambda::Function', { FunctionName: 'parts-qa-import-job', MemorySize: 2048 });
    qa.hasResourceProperties('AWS::SQS::Queue', { QueueName: 'parts-qa-indexer-dlq' });
    qa.hasResourceProperties('AWS::Lambda::EventSourceMapping', { ScalingConfig: { MaximumConcurrency: 16 } });
    qa.hasResourceProperties('AWS::SecretsManager::Secret', { Name: 'parts-qa/jwt-secret' });
    qa.hasResourceProperties('AWS::OpenSearchService::Domain', {
      DomainName: 'parts-qa',
      ClusterConfig: Match.objectLike({ InstanceType: 'r7g.large.search', InstanceCount: 2, ZoneAwarenessEnabled: true }),
    });
    const names = Object.values(qa.findResources('AWS::Lambda::Function'))
      .map((f) => f.Properties.FunctionName)
      .filter(Boolean);
    expect(names.sort()).toEqual([
      'parts-qa-api',
      'parts-qa-import-chunk',
      'parts-qa-import-job',
      'parts-qa-indexer',
      'parts-qa-mailer',
      'parts-qa-quote-expiry',
      'parts-qa-reindex',
      'parts-qa-sitemaps',
      'parts-qa-web-renderer',
    ]);
  });
});

const behavior = (pattern: string) => {
  const found = distribution.CacheBehaviors.find((b) => b.PathPattern === pattern);
  if (!found) throw new Error(`No behaviour ${pattern}`);
  return found;
};

describe('web: private bucket behind CloudFront', () => {
  it('serves the site bucket only through origin access control', () => {
    const siteBucket = siteBucketIdOf(template);
    // The renderer's function URL has an OAC of its own (origin.test.ts).
    const oac = logicalIdOf(template, 'AWS::CloudFront::OriginAccessControl', {
      Properties: { OriginAccessControlConfig: { OriginAccessControlOriginType: 's3' } },
    });
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

  it('maps no error pages (API 404s stay JSON) and runs no viewer-request function', () => {
    expect(distribution.CustomErrorResponses).toBeUndefined();
    expect(template.findResources('AWS::CloudFront::Function')).toEqual({});
  });

  it('caches hashed assets for a year', () => {
    const assetsPolicy = logicalIdOf(template, 'AWS::CloudFront::CachePolicy', { Properties: { CachePolicyConfig: { Name: 'parts-dev-hashed-assets' } } });
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
    expect(csp).toContain("img-src 'self' data: blob: https:;");
    expect(csp).toContain("connect-src 'self' https://parts-dev-attachments-");
    expect(csp).toContain('https://parts-dev-csv-staging-');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it('the deployed page satisfies that CSP: same-origin scripts and styles, no inline script', () => {
    for (const dir of [WEB_DIST, PLACEHOLDER_SITE].filter((d) => existsSync(join(d, 'index.html')))) {
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

  it('synth fails without the web build; the placeholder page only when asked for, and never for a production stage', () => {
    expect(() => siteSourceDir({ placeholder: false, dist: '/nonexistent/web/dist', ssr: '/nonexistent/web/dist-ssr' })).toThrow(MISSING_BUILD_MESSAGE);
    expect(siteSourceDir({ placeholder: true, dist: '/nonexistent/web/dist' })).toBe(PLACEHOLDER_SITE);
    const { template: bare } = buildStack({}, { siteDir: PLACEHOLDER_SITE, placeholder: true });
    bare.resourceCountIs('Custom::CDKBucketDeployment', 1);
    expect(() => buildStack({}, { stage: 'prod', siteDir: PLACEHOLDER_SITE, placeholder: true })).toThrow(/production stage/);
    // The renderer's bundling step fails without the server renderer unless the placeholder was asked for.
    expect(rendererBundleCommands('/repo', '/out').join('\n')).toMatch(/exit 1/);
    expect(rendererBundleCommands('/repo', '/out', false).join('\n')).not.toMatch(/exit 1/);
  });
});

describe('api behaviour on the same distribution', () => {
  it('routes /api/* to the API function URL uncached, forwarding cookies, query strings and CloudFront-Viewer-Address but never Host', () => {
    const api = behavior('/api/*');
    expect(api.CachePolicyId).toBe(CACHING_DISABLED);
    const policyId = logicalIdOf(template, 'AWS::CloudFront::OriginRequestPolicy', {
      Properties: { OriginRequestPolicyConfig: { Name: 'parts-dev-api-origin-requests' } },
    });
    expect(api.OriginRequestPolicyId).toEqual({ Ref: policyId });
    const config = template.findResources('AWS::CloudFront::OriginRequestPolicy')[policyId]!.Properties.OriginRequestPolicyConfig;
    expect(config.CookiesConfig).toEqual({ CookieBehavior: 'all' });
    expect(config.QueryStringsConfig).toEqual({ QueryStringBehavior: 'all' });
    expect(config.HeadersConfig.HeaderBehavior).toBe('whitelist');
    const headers = (config.HeadersConfig.Headers as string[]).map((h) => h.toLowerCase());
    expect(headers).toContain('cloudfront-viewer-address');
    expect(headers).toContain('content-type');
    expect(headers).not.toContain('host');
    expect(headers.length).toBeLessThanOrEqual(10);
    // The API function trusts that header only because it is deployed behind this behaviour.
    template.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: 'parts-dev-api',
      Environment: { Variables: Match.objectLike({ TRUST_CLOUDFRONT_VIEWER_ADDRESS: 'true' }) },
    });
    for (const other of ['parts-dev-import-job', 'parts-dev-indexer']) {
      const fn = Object.values(template.findResources('AWS::Lambda::Function')).find((r) => r.Properties.FunctionName === other);
      expect(fn?.Properties.Environment?.Variables?.TRUST_CLOUDFRONT_VIEWER_ADDRESS).toBeUndefined();
    }
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']));
    expect(api.ViewerProtocolPolicy).toBe('https-only');
    const origin = distribution.Origins.find((o) => o.Id === api.TargetOriginId);
    const fn = logicalIdOf(template, 'AWS::Lambda::Function', { Properties: { FunctionName: 'parts-dev-api' } });
    const url = logicalIdOf(template, 'AWS::Lambda::Url', { Properties: { TargetFunctionArn: { 'Fn::GetAtt': [fn, 'Arn'] } } });
    expect(JSON.stringify(origin?.DomainName)).toContain(`"${url}","FunctionUrl"`);
    expect(origin?.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
  });
});
