import type { LambdaClient } from '@aws-sdk/client-lambda';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAwsBlobStore, createAwsSearchIndex, createLambdaJobRunner, loadJwtSecret } from './aws-deps';
import { loadEnv } from './env';

const awsEnv = (extra: Record<string, string> = {}) => loadEnv({ NODE_ENV: 'test', AWS_REGION: 'eu-west-1', TABLE_NAME: 'parts-prod-catalogue', ...extra });

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('Lambda job runner', () => {
  it('invokes the import function asynchronously with the job id', async () => {
    const send = vi.fn(async (_command: unknown) => ({ StatusCode: 202 }));
    const runner = createLambdaJobRunner({ client: { send } as unknown as LambdaClient, functionName: 'parts-prod-import-job' });
    await runner.startImport('3f0c2a1e-0000-4000-8000-000000000001');
    expect(send).toHaveBeenCalledTimes(1);
    const input = (send.mock.calls[0]![0] as { input: { FunctionName: string; InvocationType: string; Payload: Uint8Array } }).input;
    expect(input.FunctionName).toBe('parts-prod-import-job');
    expect(input.InvocationType).toBe('Event');
    expect(JSON.parse(new TextDecoder().decode(input.Payload))).toEqual({ jobId: '3f0c2a1e-0000-4000-8000-000000000001' });
  });

  it('hands a stalled job to a new invocation that resumes it', async () => {
    const send = vi.fn(async (_command: unknown) => ({ StatusCode: 202 }));
    const runner = createLambdaJobRunner({ client: { send } as unknown as LambdaClient, functionName: 'parts-prod-import-job' });
    await runner.resumeImport!('3f0c2a1e-0000-4000-8000-000000000001');
    const input = (send.mock.calls[0]![0] as { input: { InvocationType: string; Payload: Uint8Array } }).input;
    expect(input.InvocationType).toBe('Event');
    expect(JSON.parse(new TextDecoder().decode(input.Payload))).toEqual({ jobId: '3f0c2a1e-0000-4000-8000-000000000001', resume: true });
  });

  it('fails when Lambda does not accept the event', async () => {
    const send = vi.fn(async () => ({ StatusCode: 500 }));
    const runner = createLambdaJobRunner({ client: { send } as unknown as LambdaClient, functionName: 'f' });
    await expect(runner.startImport('job')).rejects.toThrow(/answered 500/);
  });
});

describe('JWT secret', () => {
  const secret = 'k'.repeat(64);

  it('uses JWT_SECRET when set, without calling Secrets Manager', async () => {
    const send = vi.fn();
    const key = await loadJwtSecret(awsEnv({ JWT_SECRET: secret }), { send } as unknown as SecretsManagerClient);
    expect(new TextDecoder().decode(key)).toBe(secret);
    expect(send).not.toHaveBeenCalled();
  });

  it('reads the secret named by JWT_SECRET_ARN', async () => {
    const send = vi.fn(async (_command: unknown) => ({ SecretString: secret }));
    const arn = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:parts-prod/jwt-secret-AbCdEf';
    const key = await loadJwtSecret(awsEnv({ JWT_SECRET_ARN: arn }), { send } as unknown as SecretsManagerClient);
    expect(new TextDecoder().decode(key)).toBe(secret);
    expect((send.mock.calls[0]![0] as { input: { SecretId: string } }).input.SecretId).toBe(arn);
  });

  it('refuses a missing or short secret', async () => {
    await expect(loadJwtSecret(awsEnv())).rejects.toThrow(/JWT_SECRET_ARN/);
    const send = vi.fn(async () => ({ SecretString: 'short' }));
    await expect(loadJwtSecret(awsEnv({ JWT_SECRET_ARN: 'arn' }), { send } as unknown as SecretsManagerClient)).rejects.toThrow(/shorter than 32/);
  });
});

describe('AWS adapters', () => {
  it('presigns uploads on the virtual-hosted S3 origin the site CSP allows', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIAEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
    const bucket = 'parts-prod-attachments-123456789012-eu-west-1';
    const blobs = createAwsBlobStore(awsEnv({ ATTACHMENTS_BUCKET: bucket, STAGING_BUCKET: 'staging' }));
    const put = await blobs.presignPut('attachments', 'uploads/7/drawing.pdf', 'application/pdf', 1000, 900);
    // infra/src/constructs/files.ts bucketOrigins() builds connect-src from exactly this form.
    expect(new URL(put.url).origin).toBe(`https://${bucket}.s3.eu-west-1.amazonaws.com`);
  });

  it('needs the OpenSearch endpoint', () => {
    expect(() => createAwsSearchIndex(awsEnv())).toThrow(/OPENSEARCH_URL/);
    expect(() => createAwsSearchIndex(awsEnv({ OPENSEARCH_URL: 'https://search-parts-prod-abc.eu-west-1.es.amazonaws.com' }))).not.toThrow();
  });
});
