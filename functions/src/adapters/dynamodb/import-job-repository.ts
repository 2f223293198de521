import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { importJobSchema, type ImportJob } from '@parts/shared/schemas';
import { ConflictError, NotFoundError } from '../../domain/errors';
import type { ImportJobRepository } from '../../ports/import-job-repository';
import { keys, stripLayout } from './keys';
import { assertLookupText, isConditionFailed, parseInput, type TableContext } from './support';

const patchSchema = importJobSchema.omit({ id: true }).partial().strict();

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

    async updateImportJob(id, raw) {
      assertLookupText(id, 'id', 100);
      const patch = parseInput(patchSchema, raw);
      const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
      if (entries.length === 0) {
        const res = await client.send(new GetCommand({ TableName, Key: keys.importJob(id), ConsistentRead: true }));
        if (!res.Item) throw new NotFoundError(`Import job ${id} not found`);
        return toJob(res.Item);
      }
      try {
        const res = await client.send(
          new UpdateCommand({
            TableName,
            Key: keys.importJob(id),
            UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
            ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
            ReturnValues: 'ALL_NEW',
          }),
        );
        return toJob(res.Attributes ?? {});
      } catch (err) {
        if (isConditionFailed(err)) throw new NotFoundError(`Import job ${id} not found`);
        throw err;
      }
    },
  };
}
