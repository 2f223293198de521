import { afterAll, beforeAll, expect, test } from 'vitest';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { withConflictRetry } from '../../src/adapters/dynamodb/support';
import { createTestDeps, type TestDeps } from '../support/test-deps';

let deps: TestDeps;
beforeAll(async () => {
  deps = await createTestDeps();
});
afterAll(() => deps.close());

const put = (token: string, pk: string) =>
  deps.doc.send(
    new TransactWriteCommand({
      ClientRequestToken: token,
      TransactItems: [{ Put: { TableName: deps.tableName, Item: { pk, sk: 'X', n: 1 }, ConditionExpression: 'attribute_not_exists(pk)' } }],
    }),
  );

test('a transaction whose outcome was unknown is replayed with its token: success, not a false conflict', async () => {
  let calls = 0;
  const tokens: string[] = [];
  await withConflictRetry(async (token) => {
    tokens.push(token);
    const result = await put(token, 'replay-1');
    // The write landed but the caller never heard back: what a timeout looks like.
    if (++calls === 1) throw Object.assign(new Error('timed out'), { name: 'InternalServerError' });
    return result;
  });
  expect(calls).toBe(2);
  expect(tokens[1]).toBe(tokens[0]);
});

test('a failed condition is not retried', async () => {
  await put('00000000-0000-4000-8000-000000000001', 'taken');
  let calls = 0;
  await expect(
    withConflictRetry((token) => {
      calls++;
      return put(token, 'taken');
    }),
  ).rejects.toMatchObject({ name: 'TransactionCanceledException' });
  expect(calls).toBe(1);
});
