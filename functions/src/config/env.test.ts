import { describe, expect, test } from 'vitest';
import { loadEnv } from './env';

describe('loadEnv production rule', () => {
  test('refuses to start in production without a session signing secret', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/requires JWT_SECRET or JWT_SECRET_ARN/);
  });

  test('starts in production with JWT_SECRET or JWT_SECRET_ARN', () => {
    expect(loadEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).JWT_SECRET).toBe('x'.repeat(32));
    expect(loadEnv({ NODE_ENV: 'production', JWT_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:1:secret:jwt' }).NODE_ENV).toBe('production');
  });

  test('development and test need no secret', () => {
    expect(loadEnv({}).NODE_ENV).toBe('development');
    expect(loadEnv({ NODE_ENV: 'test' }).JWT_SECRET).toBeUndefined();
  });
});

describe('loadEnv table name', () => {
  test('a name DynamoDB would refuse is named at start-up, not met as a stack trace from the first call', () => {
    expect(() => loadEnv({ TABLE_NAME: 't1' })).toThrow(/TABLE_NAME: 3 to 255 characters: letters, digits, '_', '-' and '\.'/);
    expect(() => loadEnv({ TABLE_NAME: 'parts catalogue' })).toThrow(/TABLE_NAME/);
    expect(loadEnv({ TABLE_NAME: 'parts-prod_catalogue.v2' }).TABLE_NAME).toBe('parts-prod_catalogue.v2');
  });
});
