import { afterAll, beforeAll, expect, test } from 'vitest';
import { healthSchema } from '@parts/shared/schemas';
import { buildApp } from '../../src/app';
import { UnavailableError } from '../../src/domain/errors';
import { createTestDeps, type TestDeps } from '../support/test-deps';

let deps: TestDeps;
beforeAll(async () => {
  deps = await createTestDeps();
});
afterAll(() => deps.close());

test('GET /api/health reports every dependency up against the real engines', async () => {
  const res = await buildApp(deps).request('/api/health');
  expect(res.status).toBe(200);
  const body = healthSchema.parse(await res.json());
  expect(body.status).toBe('ok');
  expect(Object.keys(body.dependencies).sort()).toEqual(['dynamodb', 's3', 'search']);
  expect(Object.values(body.dependencies).every((d) => d.status === 'up')).toBe(true);
});

test('a dependency that is down makes it 503 with its detail, the others still up', async () => {
  const blobs = { ...deps.blobs, ping: async () => Promise.reject(new UnavailableError('bucket gone')) };
  const res = await buildApp({ ...deps, blobs }).request('/api/health');
  expect(res.status).toBe(503);
  expect(await res.json()).toEqual({
    status: 'degraded',
    dependencies: {
      dynamodb: { status: 'up', detail: expect.any(String) },
      s3: { status: 'down', detail: 'bucket gone' },
      search: { status: 'up', detail: expect.any(String) },
    },
  });
});

test('a table that does not exist is reported down, not a crash', async () => {
  const { createDynamoRepositories } = await import('../../src/adapters/dynamodb/repositories');
  const { catalog } = createDynamoRepositories({ client: deps.doc, tableName: 'no-such-table' });
  const res = await buildApp({ ...deps, catalog }).request('/api/health');
  expect(res.status).toBe(503);
  const body = healthSchema.parse(await res.json());
  expect(body.dependencies.dynamodb?.status).toBe('down');
});

test('while the search index is checked or repaired it answers 503 "indexing N of M"; 200 once done', async () => {
  let progress: { phase: 'checking' | 'indexing'; done: number; total: number } | undefined = { phase: 'indexing', done: 1200, total: 5000 };
  const app = buildApp({ ...deps, indexStatus: () => progress });
  const res = await app.request('/api/health');
  expect(res.status).toBe(503);
  const body = healthSchema.parse(await res.json());
  expect(body).toMatchObject({ status: 'indexing', indexing: { phase: 'indexing', done: 1200, total: 5000 } });
  expect(body.dependencies.search).toEqual({ status: 'up', detail: 'indexing 1200 of 5000' });
  progress = { phase: 'checking', done: 40_000, total: 72_000 };
  expect(healthSchema.parse(await (await app.request('/api/health')).json()).dependencies.search?.detail).toBe(
    'checking 40000 of 72000 part ids against the table',
  );
  progress = undefined;
  expect((await app.request('/api/health')).status).toBe(200);
});
