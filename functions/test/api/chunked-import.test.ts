import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ImportJob } from '@parts/shared/schemas';
import type { ImportChunk } from '../../src/modules/imports/ports/import-job-repository';
import type { StoredPart } from '../../src/modules/catalog/ports/catalog-repository';
import { runImportChunk, type ChunkDispatcher } from '../../src/modules/imports/chunked-import';
import { createInProcessJobRunner } from '../../src/modules/imports/in-process-job-runner';
import { runImportJob, startImportJob } from '../../src/modules/imports/import-job-service';
import { buildCategoryInput, buildManufacturerInput } from '../support/builders';
import { createTestDeps, type TestDeps } from '../support/test-deps';

/**
 * Large files are split into chunks imported in parallel (issue 14, ADR 061): against DynamoDB Local and
 * s3rver, a file cut into many chunks gives the same table and the same job report as one worker reading
 * it whole, and a chunk delivered again (a retry, a duplicate) writes no duplicate and counts no row twice.
 */
describe('chunked imports', () => {
  let whole: TestDeps;
  let chunked: TestDeps;
  const mapping = { Name: 'name', 'Part No': 'partNumber', Description: 'description', Category: 'categoryId', Maker: 'manufacturerId', Bore: 'spec:Bore' };

  /** The same category and manufacturer (same ids, slugs) in both tables. */
  beforeAll(async () => {
    [whole, chunked] = await Promise.all([createTestDeps(), createTestDeps()]);
    for (const deps of [whole, chunked]) {
      await deps.catalog.createCategory(buildCategoryInput({ name: 'Valves' }));
      await deps.catalog.createManufacturer(buildManufacturerInput({ name: 'Acme' }));
    }
  });
  afterAll(async () => {
    await Promise.all([whole.close(), chunked.close()]);
  });

  /**
   * ~200 rows, ~14 KB: quoted descriptions with line breaks, doubled quotes and commas, CRLF line ends,
   * a BOM, refused rows (unknown category, missing name), blank lines and a last line without a line break.
   */
  function catalogueCsv(prefix: string): { text: string; good: number; bad: number } {
    const lines = ['\ufeffName,Part No,Description,Category,Maker,Bore'];
    let good = 0;
    let bad = 0;
    for (let i = 0; i < 200; i++) {
      if (i % 37 === 5) {
        lines.push(`Broken ${i},${prefix}-${i},x,no-such-category,acme,`);
        bad++;
      } else if (i % 53 === 9) {
        lines.push(`,${prefix}-${i},no name,valves,acme,`);
        bad++;
      } else {
        const description = i % 3 === 0 ? `"Line one of ${i}\r\nline two, with ""quotes""\nand three"` : `Plain ${i}`;
        lines.push(`"Valve, size ${i}",${prefix}-${i},${description},valves,acme,${i} mm`);
        good++;
      }
      if (i % 61 === 0) lines.push('');
    }
    return { text: lines.join('\r\n'), good, bad };
  }

  async function stage(deps: TestDeps, text: string): Promise<string> {
    const key = `imports/${randomUUID()}.csv`;
    await deps.blobs.put('staging', key, Buffer.from(text), 'text/csv');
    return key;
  }

  async function allParts(deps: TestDeps): Promise<StoredPart[]> {
    const parts: StoredPart[] = [];
    let cursor: string | undefined;
    do {
      const page = await deps.catalog.scanParts(cursor, 100);
      parts.push(...page.items);
      cursor = page.cursor;
    } while (cursor);
    return parts;
  }

  /** What a part is, without what differs between two tables written in another order (ids, times, versions). */
  const comparable = (parts: StoredPart[]) =>
    parts
      .map((p) => ({
        name: p.name,
        partNumber: p.partNumber,
        description: p.description,
        specifications: p.specifications,
        categoryId: p.categoryId,
        manufacturerId: p.manufacturerId,
      }))
      .sort((a, b) => a.partNumber.localeCompare(b.partNumber));

  const report = (job: ImportJob | undefined) => ({
    state: job?.state,
    totalRecords: job?.totalRecords,
    successCount: job?.successCount,
    errorCount: job?.errorCount,
    rowsDone: job?.rowsDone,
    rowsFailed: job?.rowsFailed,
    errors: job?.errors,
  });

  test('a file in many chunks over a pool of workers gives the same table and job report as one worker reading it whole', { timeout: 180_000 }, async () => {
    const file = catalogueCsv('SAME');
    const one = createInProcessJobRunner(whole, { chunkBytes: 1024 * 1024 });
    const pool = createInProcessJobRunner(chunked, { chunkBytes: 1500, workers: 3 });
    const [jobOne, jobPool] = await Promise.all([
      startImportJob({ ...whole, jobs: one }, await stage(whole, file.text), mapping),
      startImportJob({ ...chunked, jobs: pool }, await stage(chunked, file.text), mapping),
    ]);
    await Promise.all([one.whenIdle(), pool.whenIdle()]);
    const [doneOne, donePool] = await Promise.all([whole.imports.getImportJob(jobOne.id), chunked.imports.getImportJob(jobPool.id)]);

    expect(doneOne?.chunkCount).toBeUndefined();
    expect(donePool?.chunkCount).toBeGreaterThanOrEqual(8);
    expect(donePool).toMatchObject({ chunksLeft: 0 });
    expect(report(doneOne)).toMatchObject({ state: 'completed', successCount: file.good, errorCount: file.bad });
    expect(report(donePool)).toEqual(report(doneOne));
    expect(doneOne?.errors.length).toBe(file.bad);
    expect(comparable(await allParts(chunked))).toEqual(comparable(await allParts(whole)));
    // Each chunk was done once, and the staged file is gone with the job finished.
    const chunks = await chunked.imports.listImportChunks(jobPool.id);
    expect(chunks.every((c) => c.done)).toBe(true);
    expect(chunks.reduce((sum, c) => sum + c.successCount, 0)).toBe(file.good);
    expect(await chunked.blobs.head('staging', jobPool.sourceKey!)).toBeUndefined();
  });

  test(
    'a chunk delivered again — after a crash before its save, after it finished, twice at once — leaves no duplicate and counts each row once',
    { timeout: 180_000 },
    async () => {
      const file = catalogueCsv('RETRY');
      const before = await chunked.catalog.countParts();
      // Dispatch only records: the test delivers each chunk itself.
      const dispatched: number[] = [];
      const dispatcher: ChunkDispatcher = { dispatch: async (_jobId, indexes) => void dispatched.push(...indexes) };
      const job = await startImportJob({ ...chunked, jobs: { startImport: async () => undefined } }, await stage(chunked, file.text), mapping);
      const planned = await runImportJob(chunked, job.id, { chunking: { chunkBytes: 1500, dispatcher } });
      expect(planned.chunkCount).toBe(dispatched.length);
      expect(dispatched.length).toBeGreaterThanOrEqual(8);

      // Chunk 1: its rows are written, then the worker dies before saving the chunk's progress.
      let crash = true;
      const crashing = {
        ...chunked,
        imports: {
          ...chunked.imports,
          saveImportChunk: async (id: string, previous: ImportChunk, next: ImportChunk, at: string) => {
            if (crash) throw new Error('killed');
            return chunked.imports.saveImportChunk(id, previous, next, at);
          },
        },
      };
      await expect(runImportChunk(crashing, job.id, 1)).rejects.toThrow('killed');
      const written = await chunked.catalog.countParts();
      expect(written).toBeGreaterThan(before);
      expect(await chunked.imports.getImportJob(job.id)).toMatchObject({ successCount: 0, errorCount: 0, totalRecords: 0 });

      // The retry writes the same parts again (unchanged: no new ones) and counts them once.
      crash = false;
      expect(await runImportChunk(chunked, job.id, 1)).toBe('done');
      expect(await chunked.catalog.countParts()).toBe(written);
      const chunk1 = (await chunked.imports.getImportChunk(job.id, 1))!;
      expect(chunk1.done).toBe(true);
      const afterOne = await chunked.imports.getImportJob(job.id);
      expect(afterOne).toMatchObject({
        successCount: chunk1.successCount,
        errorCount: chunk1.errorCount,
        totalRecords: chunk1.totalRecords,
        chunksLeft: dispatched.length - 1,
      });

      // A late duplicate of a finished chunk changes nothing.
      expect(await runImportChunk(chunked, job.id, 1)).toBe('done');
      expect(await chunked.imports.getImportJob(job.id)).toMatchObject({ successCount: afterOne?.successCount, chunksLeft: afterOne?.chunksLeft });

      // Two deliveries of one chunk at once: one saves, the other stops; the rows count once.
      const twice = await Promise.all([runImportChunk(chunked, job.id, 2), runImportChunk(chunked, job.id, 2)]);
      expect(twice.filter((o) => o === 'done')).toHaveLength(1);
      expect(twice.filter((o) => o === 'skipped')).toHaveLength(1);

      // The rest, in reverse order; the last one completes the job.
      for (const index of dispatched.filter((i) => i > 2).reverse()) expect(await runImportChunk(chunked, job.id, index)).toBe('done');
      expect((await chunked.imports.getImportJob(job.id))?.state).toBe('running');
      expect(await runImportChunk(chunked, job.id, 0)).toBe('done');
      const done = await chunked.imports.getImportJob(job.id);
      expect(done).toMatchObject({
        state: 'completed',
        chunksLeft: 0,
        successCount: file.good,
        errorCount: file.bad,
        rowsDone: file.good,
        rowsFailed: file.bad,
      });
      expect(done?.errors.map((e) => e.row)).toEqual([...(done?.errors.map((e) => e.row) ?? [])].sort((a, b) => a - b));
      expect(done?.errors).toHaveLength(file.bad);
      expect(await chunked.catalog.countParts()).toBe(before + file.good);
    },
  );

  test(
    'Ctrl+C stops the pool after the batches being written; the next start hands out the unfinished chunks and completes the job',
    { timeout: 180_000 },
    async () => {
      const file = catalogueCsv('STOP');
      const before = await chunked.catalog.countParts();
      let stopping: Promise<ImportJob[]> | undefined;
      const first = createInProcessJobRunner(
        {
          ...chunked,
          imports: {
            ...chunked.imports,
            saveImportChunk: async (...args: Parameters<TestDeps['imports']['saveImportChunk']>) => {
              await chunked.imports.saveImportChunk(...args);
              stopping ??= first.stop();
            },
          },
        },
        { chunkBytes: 1500, workers: 2 },
      );
      const job = await startImportJob({ ...chunked, jobs: first }, await stage(chunked, file.text), mapping);
      await first.whenIdle();
      const left = await stopping!;
      expect(left).toEqual([expect.objectContaining({ id: job.id, state: 'running' })]);
      const chunks = await chunked.imports.listImportChunks(job.id);
      expect(chunks.some((c) => !c.done)).toBe(true);

      const second = createInProcessJobRunner(chunked, { chunkBytes: 1500, workers: 2 });
      await second.resumeImport(job.id);
      await second.whenIdle();
      expect(await chunked.imports.getImportJob(job.id)).toMatchObject({ state: 'completed', successCount: file.good, errorCount: file.bad, chunksLeft: 0 });
      expect(await chunked.catalog.countParts()).toBe(before + file.good);
    },
  );

  test('a file the import refuses fails the job with the message a single worker gives', { timeout: 60_000 }, async () => {
    const text = `Name,Part No\n${Array.from({ length: 200 }, (_, i) => `Valve ${i},NOMAP-${i}`).join('\n')}`;
    const pool = createInProcessJobRunner(chunked, { chunkBytes: 500 });
    const job = await startImportJob({ ...chunked, jobs: pool }, await stage(chunked, text), { ...mapping, Name: 'name', 'Part No': 'partNumber' });
    await pool.whenIdle();
    expect(await chunked.imports.getImportJob(job.id)).toMatchObject({ state: 'failed', message: "The column 'Description' is not in the file" });
  });
});
