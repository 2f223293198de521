import { afterAll, beforeAll, expect, test } from 'vitest';
import { ConflictError, ValidationError } from '../../src/domain/errors';
import type { TableContext } from '../../src/adapters/dynamodb/support';
import { getItem } from '../../src/adapters/dynamodb/support';
import { guardPut, mustExist, putIf, putNew, transactWrite } from '../../src/adapters/dynamodb/transact-write';
import { createTestDeps, type TestDeps } from '../support/test-deps';
import { unique } from '../support/builders';

let deps: TestDeps;
let ctx: TableContext;
beforeAll(async () => {
  deps = await createTestDeps();
  ctx = { client: deps.doc, tableName: deps.tableName, now: () => new Date() };
});
afterAll(() => deps.close());

const key = (name: string) => ({ pk: `T#${name}`, sk: 'T' });

test('the failing action throws its own error wherever it sits in the list', async () => {
  const taken = key(unique('taken'));
  await transactWrite(ctx, [putNew(ctx, { ...taken, n: 1 }, new ConflictError('first write'))]);
  const slugTaken = new ConflictError('slug taken');
  const missing = new ValidationError('reference missing');
  const fresh = () => putNew(ctx, { ...key(unique('fresh')), n: 1 }, new ConflictError('fresh item'));

  // The same two failing actions in different orders and with extra actions in between.
  await expect(transactWrite(ctx, [fresh(), guardPut(ctx, taken, 1, slugTaken)])).rejects.toBe(slugTaken);
  await expect(transactWrite(ctx, [guardPut(ctx, taken, 1, slugTaken), fresh(), fresh()])).rejects.toBe(slugTaken);
  await expect(transactWrite(ctx, [fresh(), mustExist(ctx, key(unique('nowhere')), missing), fresh()])).rejects.toBe(missing);
});

test('a condition marked retry answers retry and writes nothing', async () => {
  const item = key(unique('versioned'));
  await transactWrite(ctx, [putNew(ctx, { ...item, version: 1 }, new ConflictError('exists'))]);
  const other = key(unique('other'));
  const outcome = await transactWrite(ctx, [
    putNew(ctx, { ...other, n: 1 }, new ConflictError('other')),
    putIf(ctx, { ...item, version: 3 }, { expression: 'version = :v', values: { ':v': 2 } }, 'retry'),
  ]);
  expect(outcome).toBe('retry');
  expect(await getItem(ctx, other)).toBeUndefined();
  expect(await getItem(ctx, item)).toMatchObject({ version: 1 });
  expect(await transactWrite(ctx, [putIf(ctx, { ...item, version: 2 }, { expression: 'version = :v', values: { ':v': 1 } }, 'retry')])).toBe('ok');
});
