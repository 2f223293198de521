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
