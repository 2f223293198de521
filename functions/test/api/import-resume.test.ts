import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ImportJob } from '@parts/shared/schemas';
import { createInProcessJobRunner } from '../../src/modules/imports/in-process-job-runner';
import { readImportJob, runImportJob, startImportJob, STALLED_JOB_AFTER_MS } from '../../src/modules/imports/import-job-service';
import { buildCategoryInput, buildManufacturerInput, unique } from '../support/builders';
import { createTestDeps, type TestDeps } from '../support/test-deps';

/**
 * Import jobs resume from their last checkpoint (issue 11): stopped between two batches, cut off by a
 * crash in the middle of one, or stalled in AWS. They finish with each row counted once and no part
 * written twice.
 */
describe('resumable import jobs', () => {
  // Batches of 50 (production writes 500) keep the file small: 3 batches and a few rows, as in production.
  let deps: TestDeps & { importBatchSize: number };
  let where: string;
  const mapping = { name: 'name', partNumber: 'partNumber', category: 'categoryId', maker: 'manufacturerId' };

  beforeAll(async () => {
    deps = { ...(await createTestDeps()), importBatchSize: 50 };
    const c = await deps.catalog.createCategory(buildCategoryInput({ name: `Pumps ${unique('c')}` }));
    const m = await deps.catalog.createManufacturer(buildManufacturerInput({ name: `Maker ${unique('m')}` }));
    where = `${c.slug},${m.slug}`;
  });
  afterAll(() => deps.close());

  /** 120 good rows (3 batches of 50, and the rest) with a bad row in each batch, staged like an upload. */
  async function stageFile(prefix: string): Promise<{ key: string; good: number; bad: number }> {
    const lines = ['name,partNumber,category,maker'];
    let good = 0;
    let bad = 0;
    for (let i = 0; i < 123; i++) {
      if (i % 41 === 7) {
        lines.push(`Broken ${i},${prefix}-${i},no-such-category,${where.split(',')[1]}`);
        bad++;
      } else {
        lines.push(`Part ${i},${prefix}-${i},${where}`);
        good++;
      }
    }
    const key = `imports/${randomUUID()}.csv`;
    await deps.blobs.put('staging', key, Buffer.from(lines.join('\n')), 'text/csv');
    return { key, good, bad };
  }

  const partsWithPrefix = async (prefix: string) => (await deps.catalog.countParts()) - (await countOthers(prefix));
  const baseline = new Map<string, number>();
  const countOthers = async (prefix: string) => baseline.get(prefix) ?? 0;

  test('Ctrl+C stops a job after the batch it is writing; the next start carries on and the totals count each row once', { timeout: 180_000 }, async () => {
    const prefix = unique('STOP').toUpperCase();
    baseline.set(prefix, await deps.catalog.countParts());
    const file = await stageFile(prefix);
    let stopping: Promise<ImportJob[]> | undefined;
    const first = createInProcessJobRunner({
      ...deps,
      imports: {
        ...deps.imports,
        // Ctrl+C arrives while the first batch is being checkpointed.
        updateImportJob: async (...args: Parameters<TestDeps['imports']['updateImportJob']>) => {
          const written = await deps.imports.updateImportJob(...args);
          if (args[1].resumeAfterRecord !== undefined) stopping ??= first.stop();
          return written;
        },
      },
    });
    const job = await startImportJob({ ...deps, jobs: first }, file.key, mapping);
    await first.whenIdle();
    const left = await stopping!;
    // The first batch: 50 good rows and the 2 refused among them (rows 9 and 50), through row 53.
    expect(left).toEqual([expect.objectContaining({ id: job.id, state: 'running', resumeAfterRecord: 53, successCount: 50, errorCount: 2 })]);
    expect(await deps.imports.listUnfinishedImportJobs()).toEqual([expect.objectContaining({ id: job.id })]);
    expect(await partsWithPrefix(prefix)).toBe(50);

    // The next start.
    const second = createInProcessJobRunner(deps);
    for (const unfinished of await deps.imports.listUnfinishedImportJobs()) await second.resumeImport(unfinished.id);
    await second.whenIdle();
    const done = await deps.imports.getImportJob(job.id);
    expect(done).toMatchObject({ state: 'completed', totalRecords: 123, successCount: file.good, errorCount: file.bad, rowsDone: file.good });
    expect(done?.errors.map((e) => e.row)).toEqual([9, 50, 91]);
    expect(await partsWithPrefix(prefix)).toBe(file.good);
    expect(await deps.imports.listUnfinishedImportJobs()).toEqual([]);
  });

  test(
    'after a crash in the middle of a batch, the resumed job writes the rest once and reports the already written rows as imported',
    { timeout: 180_000 },
    async () => {
      const prefix = unique('CRASH').toUpperCase();
      baseline.set(prefix, await deps.catalog.countParts());
      const file = await stageFile(prefix);
      // What a kill -9 leaves: the first batch checkpointed, half of the second written, the job "running".
      const crashing = createInProcessJobRunner({
        ...deps,
        catalog: {
          ...deps.catalog,
          upsertParts: async (rows) => {
            if (rows.some((r) => r.partNumber === `${prefix}-60`)) {
              await deps.catalog.upsertParts(rows.slice(0, 25));
              throw new Error('killed');
            }
            return deps.catalog.upsertParts(rows);
          },
        },
        imports: {
          ...deps.imports,
          // The crashed worker never writes "failed".
          updateImportJob: async (...args: Parameters<TestDeps['imports']['updateImportJob']>) => {
            if (args[1].state === 'failed') throw new Error('killed');
            return deps.imports.updateImportJob(...args);
          },
        },
      });
      const job = await startImportJob({ ...deps, jobs: crashing }, file.key, mapping);
      await crashing.whenIdle();
      expect(await deps.imports.getImportJob(job.id)).toMatchObject({ state: 'running', resumeAfterRecord: 53, successCount: 50 });
      expect(await partsWithPrefix(prefix)).toBe(50 + 25);

      const restarted = createInProcessJobRunner(deps);
      await restarted.resumeImport(job.id);
      await restarted.whenIdle();
      expect(await deps.imports.getImportJob(job.id)).toMatchObject({ state: 'completed', totalRecords: 123, successCount: file.good, errorCount: file.bad });
      expect(await partsWithPrefix(prefix)).toBe(file.good);
    },
  );

  test('two workers resuming one job at once: one takes it, the rows are imported once', { timeout: 180_000 }, async () => {
    const prefix = unique('TWICE').toUpperCase();
    baseline.set(prefix, await deps.catalog.countParts());
    const file = await stageFile(prefix);
    const job = await startImportJob({ ...deps, jobs: { startImport: async () => undefined } }, file.key, mapping);
    // Its worker died right after taking it.
    await deps.imports.updateImportJob(job.id, { state: 'running', updatedAt: new Date().toISOString() });
    const answers = await Promise.all([runImportJob(deps, job.id, { resume: true }), runImportJob(deps, job.id, { resume: true })]);
    expect(answers.filter((a) => a.state === 'completed')).toHaveLength(1);
    expect(await deps.imports.getImportJob(job.id)).toMatchObject({ state: 'completed', successCount: file.good, errorCount: file.bad });
    expect(await partsWithPrefix(prefix)).toBe(file.good);
    // A finished job is not run again.
    expect(await runImportJob(deps, job.id, { resume: true })).toMatchObject({ state: 'completed', successCount: file.good });
  });

  test('in AWS a stalled job is handed to a new worker, which finishes it from its checkpoint', { timeout: 180_000 }, async () => {
    const prefix = unique('STALL').toUpperCase();
    baseline.set(prefix, await deps.catalog.countParts());
    const file = await stageFile(prefix);
    let clock = new Date('2026-03-02T08:00:00.000Z');
    const clocked = { ...deps, now: () => clock };
    const resumed: string[] = [];
    const runner = createInProcessJobRunner(clocked);
    const jobs = {
      startImport: async () => undefined,
      resumeImport: async (id: string) => {
        resumed.push(id);
        await runner.resumeImport(id);
      },
    };
    const job = await startImportJob({ ...clocked, jobs }, file.key, mapping);
    clock = new Date(clock.getTime() + STALLED_JOB_AFTER_MS + 1000);
    expect(await readImportJob({ ...clocked, jobs }, job.id)).toMatchObject({ state: 'queued', resumeCount: 1 });
    await runner.whenIdle();
    expect(resumed).toEqual([job.id]);
    expect(await deps.imports.getImportJob(job.id)).toMatchObject({ state: 'completed', successCount: file.good, errorCount: file.bad });
    expect(await partsWithPrefix(prefix)).toBe(file.good);
  });
});
