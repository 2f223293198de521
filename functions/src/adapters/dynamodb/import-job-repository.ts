import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { importJobSchema, importJobStateSchema, type ImportJob } from '@parts/shared/schemas';
import { ConflictError, NotFoundError } from '../../domain/errors';
import type { ImportJobRepository } from '../../ports/import-job-repository';
import { keys, stripLayout } from './keys';
import { assertLookupText, isConditionFailed, parseInput, type TableContext } from './support';

const patchSchema = importJobSchema.omit({ id: true }).partial().strict();
const expectationSchema = z
  .object({ state: z.array(importJobStateSchema).min(1).max(4).optional(), updatedAt: z.string().max(40).nullable().optional() })
  .strict()
  .optional();

export function createImportJobRepository(ctx: TableContext): ImportJobRepository {
  const { client, tableName: TableName } = ctx;
  const toJob = (item: Record<string, unknown>) => stripLayout<ImportJob>(item);

  return {
    async createImportJob(raw) {
      const job = parseInput(importJobSchema, raw);
      assertLookupText(job.id, 'id', 100);
      const item = { ...keys.importJob(job.id), type: 'import', ...job };
      try {
        await client.send(new PutCommand({ TableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
      } catch (err) {
        if (isConditionFailed(err)) throw new ConflictError(`Import job ${job.id} already exists`);
        throw err;
      }
      return job;
    },

    async getImportJob(id) {
      assertLookupText(id, 'id', 100);
      const res = await client.send(new GetCommand({ TableName, Key: keys.importJob(id), ConsistentRead: true }));
      return res.Item ? toJob(res.Item) : undefined;
    },

    async updateImportJob(id, raw, rawExpected) {
      assertLookupText(id, 'id', 100);
      const patch = parseInput(patchSchema, raw);
      const expected = parseInput(expectationSchema, rawExpected);
      const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
      const names: Record<string, string> = Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k]));
      const values: Record<string, unknown> = Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v]));
      const conditions = ['attribute_exists(pk)'];
      if (expected?.state) {
        names['#state'] = 'state';
        expected.state.forEach((state, i) => (values[`:s${i}`] = state));
        conditions.push(`#state IN (${expected.state.map((_, i) => `:s${i}`).join(', ')})`);
      }
      if (expected?.updatedAt !== undefined) {
        names['#updatedAt'] = 'updatedAt';
        if (expected.updatedAt === null) conditions.push('attribute_not_exists(#updatedAt)');
        else {
          values[':expectedUpdatedAt'] = expected.updatedAt;
          conditions.push('#updatedAt = :expectedUpdatedAt');
        }
      }
      const read = async () => {
        const res = await client.send(new GetCommand({ TableName, Key: keys.importJob(id), ConsistentRead: true }));
        if (!res.Item) throw new NotFoundError(`Import job ${id} not found`);
        return toJob(res.Item);
      };
      if (entries.length === 0) {
        // Nothing to write: the conditions are only checked.
        const job = await read();
        const stateOk = !expected?.state || expected.state.includes(job.state);
        const updatedOk = expected?.updatedAt === undefined || (job.updatedAt ?? null) === expected.updatedAt;
        if (!stateOk || !updatedOk) throw new ConflictError(`Import job ${id} was changed meanwhile`);
        return job;
      }
      const sets = entries.map((_, i) => `#f${i} = :v${i}`);
      try {
        const res = await client.send(
          new UpdateCommand({
            TableName,
            Key: keys.importJob(id),
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: conditions.join(' AND '),
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
            ReturnValues: 'ALL_NEW',
          }),
        );
        return toJob(res.Attributes ?? {});
      } catch (err) {
        if (!isConditionFailed(err)) throw err;
      }
      await read(); // NotFoundError when the job is missing; otherwise one of the expectations failed.
      throw new ConflictError(`Import job ${id} was changed meanwhile`);
    },
  };
}
