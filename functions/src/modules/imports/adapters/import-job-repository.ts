import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { importJobSchema, importJobStateSchema, type ImportJob } from '@parts/shared/schemas';
import { ConflictError, NotFoundError, ValidationError } from '../../../domain/errors';
import type { ImportChunk, ImportJobRepository } from '../ports/import-job-repository';
import { mapLimit } from '../../../lib/map-limit';
import { keys, stripLayout } from '../../../adapters/dynamodb/keys';
import { assertLookupText, cancellationCodes, isConditionFailed, parseInput, withConflictRetry, type TableContext } from '../../../adapters/dynamodb/support';

const patchSchema = importJobSchema.omit({ id: true }).partial().strict();
const expectationSchema = z
  .object({ state: z.array(importJobStateSchema).min(1).max(4).optional(), updatedAt: z.string().max(40).nullable().optional() })
  .strict()
  .optional();

/** Unfinished jobs (queued or running) are in gsi1 under this key, gsi1sk = createdAt#id; a finished job leaves it. */
export const UNFINISHED_IMPORTS = 'IMPORT#UNFINISHED';
const FINISHED_STATES = new Set(['completed', 'failed']);

const toJob = (item: Record<string, unknown>) => stripLayout<ImportJob>(item);
const toChunk = (item: Record<string, unknown>) => stripLayout<ImportChunk>(item);

export function createImportJobRepository(ctx: TableContext): ImportJobRepository {
  const { client, tableName: TableName } = ctx;

  return {
    async createImportJob(raw) {
      const job = parseInput(importJobSchema, raw);
      assertLookupText(job.id, 'id', 100);
      const unfinished = FINISHED_STATES.has(job.state) ? {} : { gsi1pk: UNFINISHED_IMPORTS, gsi1sk: `${job.createdAt}#${job.id}` };
      const item = { ...keys.importJob(job.id), type: 'import', ...unfinished, ...job };
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
      // A finished job leaves the list of unfinished ones in the same write.
      const leaves = patch.state !== undefined && FINISHED_STATES.has(patch.state);
      if (leaves) Object.assign(names, { '#g1pk': 'gsi1pk', '#g1sk': 'gsi1sk' });
      try {
        const res = await client.send(
          new UpdateCommand({
            TableName,
            Key: keys.importJob(id),
            UpdateExpression: `SET ${sets.join(', ')}${leaves ? ' REMOVE #g1pk, #g1sk' : ''}`,
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

    async listUnfinishedImportJobs() {
      const jobs: ImportJob[] = [];
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const res = await client.send(
          new QueryCommand({
            TableName,
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :q',
            ExpressionAttributeValues: { ':q': UNFINISHED_IMPORTS },
            ExclusiveStartKey,
          }),
        );
        jobs.push(...(res.Items ?? []).map(toJob));
        ExclusiveStartKey = res.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      // The index is eventually consistent: a job that finished a moment ago may still be listed.
      return jobs.filter((job) => !FINISHED_STATES.has(job.state));
    },

    ...chunkMethods(ctx),
  };
}

/** The chunks of a large import run in parallel (ADR 061): items in the job's partition, their totals added to the job's. */
function chunkMethods(ctx: TableContext): Pick<ImportJobRepository, 'createImportChunks' | 'getImportChunk' | 'listImportChunks' | 'saveImportChunk'> {
  const { client, tableName: TableName } = ctx;
  return {
    async createImportChunks(jobId, chunks, at) {
      assertLookupText(jobId, 'id', 100);
      if (chunks.length === 0) throw new ValidationError('A chunked job has at least one chunk');
      // Each chunk only where none is stored: a planner running again must not reset a chunk's progress.
      await mapLimit(chunks, 8, async (chunk) => {
        try {
          await client.send(
            new PutCommand({
              TableName,
              Item: { ...keys.importChunk(jobId, chunk.index), type: 'importChunk', ...chunk },
              ConditionExpression: 'attribute_not_exists(pk)',
            }),
          );
        } catch (err) {
          if (!isConditionFailed(err)) throw err;
        }
      });
      try {
        const res = await client.send(
          new UpdateCommand({
            TableName,
            Key: keys.importJob(jobId),
            UpdateExpression: 'SET chunkCount = :n, chunksLeft = :n, updatedAt = :at',
            ConditionExpression: 'attribute_exists(pk) AND #state = :running AND attribute_not_exists(chunkCount)',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':n': chunks.length, ':at': at, ':running': 'running' },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return toJob(res.Attributes ?? {});
      } catch (err) {
        if (isConditionFailed(err)) throw new ConflictError(`Import job ${jobId} is not running or already has chunks`);
        throw err;
      }
    },

    async getImportChunk(jobId, index) {
      assertLookupText(jobId, 'id', 100);
      const res = await client.send(new GetCommand({ TableName, Key: keys.importChunk(jobId, index), ConsistentRead: true }));
      return res.Item ? toChunk(res.Item) : undefined;
    },

    async listImportChunks(jobId) {
      assertLookupText(jobId, 'id', 100);
      const chunks: ImportChunk[] = [];
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const res = await client.send(
          new QueryCommand({
            TableName,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :chunk)',
            ExpressionAttributeValues: { ':pk': keys.importJob(jobId).pk, ':chunk': 'CHUNK#' },
            ConsistentRead: true,
            ExclusiveStartKey,
          }),
        );
        chunks.push(...(res.Items ?? []).map(toChunk));
        ExclusiveStartKey = res.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return chunks;
    },

    async saveImportChunk(jobId, previous, next, at) {
      assertLookupText(jobId, 'id', 100);
      if (next.index !== previous.index || next.afterRecord < previous.afterRecord) throw new ValidationError('A chunk only moves forward');
      const added = {
        ':records': next.totalRecords - previous.totalRecords,
        ':ok': next.successCount - previous.successCount,
        ':failed': next.errorCount - previous.errorCount,
      };
      const errorsGrew = next.errors.length !== previous.errors.length;
      try {
        await withConflictRetry((token) =>
          client.send(
            new TransactWriteCommand({
              ClientRequestToken: token,
              TransactItems: [
                {
                  Update: {
                    TableName,
                    Key: keys.importChunk(jobId, next.index),
                    UpdateExpression: `SET afterRecord = :after, done = :done, totalRecords = :t, successCount = :s, errorCount = :e${errorsGrew ? ', errors = :errors' : ''}`,
                    ConditionExpression: 'afterRecord = :was AND done = :false',
                    ExpressionAttributeValues: {
                      ':after': next.afterRecord,
                      ':done': next.done,
                      ':t': next.totalRecords,
                      ':s': next.successCount,
                      ':e': next.errorCount,
                      ...(errorsGrew ? { ':errors': next.errors } : {}),
                      ':was': previous.afterRecord,
                      ':false': false,
                    },
                  },
                },
                {
                  Update: {
                    TableName,
                    Key: keys.importJob(jobId),
                    UpdateExpression: `SET updatedAt = :at ADD totalRecords :records, successCount :ok, errorCount :failed, rowsDone :ok, rowsFailed :failed${next.done ? ', chunksLeft :minusOne' : ''}`,
                    // chunksLeft exists once the plan is stored: an ADD before that would be overwritten by it.
                    ConditionExpression: '#state = :running AND attribute_exists(chunksLeft)',
                    ExpressionAttributeNames: { '#state': 'state' },
                    ExpressionAttributeValues: { ...added, ':at': at, ':running': 'running', ...(next.done ? { ':minusOne': -1 } : {}) },
                  },
                },
              ],
            }),
          ),
        );
      } catch (err) {
        if (cancellationCodes(err)?.includes('ConditionalCheckFailed'))
          throw new ConflictError(`Import chunk ${next.index} of job ${jobId} was changed meanwhile`);
        throw err;
      }
    },
  };
}
