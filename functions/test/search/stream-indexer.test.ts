import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue as LambdaAttributeValue, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { partsQuerySchema } from '@parts/shared/schemas';
import { createEmbeddedSearchIndex } from '../../src/modules/search/adapters/embedded';
import { createStreamHandler } from '../../src/modules/search/indexer/stream-handler';
import { startStreamPoller } from '../../src/modules/search/indexer/stream-poller';
import { reindexAll } from '../../src/modules/search/indexer/reindex';
import { LOCAL_CREDENTIALS, waitFor } from '../../src/local/aws-local';
import type { SearchIndex } from '../../src/modules/search/ports/search-index';
import type { StoredPart } from '../../src/modules/catalog/ports/catalog-repository';
import { createTestDeps, type TestDeps } from '../support/test-deps';
import { buildCategoryInput, buildManufacturerInput, buildPartInput, createCatalogFixture, unique } from '../support/builders';
import { createFileCheckpointStore } from '../../src/local/stream-checkpoints';

let sequence = 0;
function record(eventName: 'INSERT' | 'MODIFY' | 'REMOVE', images: { newImage?: object; oldImage?: object }): DynamoDBRecord {
  const image = (o?: object) => (o ? (marshall(o, { removeUndefinedValues: true }) as Record<string, LambdaAttributeValue>) : undefined);
  sequence += 1;
  return {
    eventID: `e${sequence}`,
    eventName,
    eventSource: 'aws:dynamodb',
    dynamodb: { SequenceNumber: String(sequence).padStart(21, '0'), NewImage: image(images.newImage), OldImage: image(images.oldImage) },
  };
}
const partItem = (p: StoredPart) => ({ pk: `PART#${p.id}`, sk: 'PART', type: 'part', ...p });
const event = (...records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });

describe('stream indexer', () => {
  let deps: TestDeps;
  let search: SearchIndex;
  let dir: string;
  let categoryId: number;
  let makerId: number;
  const find = async (q: string) => (await search.search(partsQuerySchema.parse({ q, pageSize: 100 }))).data;

  beforeAll(async () => {
    deps = await createTestDeps();
    dir = mkdtempSync(join(tmpdir(), 'stream-indexer-'));
    search = createEmbeddedSearchIndex({ file: join(dir, 'search.sqlite') });
    const parent = await deps.catalog.createCategory(buildCategoryInput({ name: 'Hydraulics' }));
    categoryId = (await deps.catalog.createCategory(buildCategoryInput({ name: 'Pumps', parentId: parent.id }))).id;
    makerId = (await deps.catalog.createManufacturer(buildManufacturerInput({ name: 'Parker' }))).id;
  });
  afterAll(async () => {
    await search.close();
    rmSync(dir, { recursive: true, force: true });
    await deps.close();
  });

  it('indexes inserts with denormalised names, ignores older versions, and is idempotent', async () => {
    const handle = createStreamHandler({ catalog: deps.catalog, search });
    const pn = unique('SH').toUpperCase();
    const v1 = await deps.catalog.createPart(buildPartInput({ categoryId, manufacturerId: makerId, partNumber: pn, name: 'Gear pump' }));
    const v2 = { ...v1, version: 2, name: 'Gear pump mk2' };
    const insert = record('INSERT', { newImage: partItem(v1) });
    const modify = record('MODIFY', { oldImage: partItem(v1), newImage: partItem(v2) });

    expect(await handle(event(insert))).toEqual({ batchItemFailures: [] });
    const [indexed] = await find(pn);
    expect(indexed).toMatchObject({ id: v1.id, name: 'Gear pump', category: { name: 'Pumps' }, manufacturer: { name: 'Parker' } });

    await handle(event(modify));
    // A replay of the older insert after the newer modify changes nothing.
    await handle(event(insert, modify, insert));
    expect((await find(pn)).map((p) => p.name)).toEqual(['Gear pump mk2']);
  });

  it('deletes, and a replayed insert of the deleted version stays deleted', async () => {
    const handle = createStreamHandler({ catalog: deps.catalog, search });
    const pn = unique('DEL').toUpperCase();
    const part = await deps.catalog.createPart(buildPartInput({ categoryId, manufacturerId: makerId, partNumber: pn }));
    await handle(event(record('INSERT', { newImage: partItem(part) })));
    expect(await find(pn)).toHaveLength(1);
    await handle(event(record('REMOVE', { oldImage: partItem(part) })));
    expect(await find(pn)).toHaveLength(0);
    await handle(event(record('INSERT', { newImage: partItem(part) })));
    expect(await find(pn)).toHaveLength(0);
  });

  it('re-indexes the parts of a renamed category and of a manufacturer whose slug changed', async () => {
    const handle = createStreamHandler({ catalog: deps.catalog, search });
    const pn = unique('REN').toUpperCase();
    const part = await deps.catalog.createPart(buildPartInput({ categoryId, manufacturerId: makerId, partNumber: pn }));
    await handle(event(record('INSERT', { newImage: partItem(part) })));

    const before = (await deps.catalog.getCategory(categoryId))!;
    const after = await deps.catalog.updateCategory(categoryId, { name: 'Hydraulic Pumps', slug: before.slug, parentId: before.parentId ?? null });
    await handle(event(record('MODIFY', { oldImage: { type: 'category', ...before }, newImage: { type: 'category', ...after } })));
    expect((await find(pn))[0]?.category).toEqual({ name: 'Hydraulic Pumps', slug: before.slug });

    const maker = (await deps.catalog.getManufacturer(makerId))!;
    const renamed = await deps.catalog.updateManufacturer(makerId, { name: maker.name, slug: `${maker.slug}-hannifin` });
    await handle(event(record('MODIFY', { oldImage: { type: 'manufacturer', ...maker }, newImage: { type: 'manufacturer', ...renamed } })));
    expect((await find(pn))[0]?.manufacturer).toEqual({ name: maker.name, slug: `${maker.slug}-hannifin` });
  });

  it('skips unreadable records without failing the batch and ignores other entity types', async () => {
    const handle = createStreamHandler({ catalog: deps.catalog, search });
    const count = await search.count();
    const answer = await handle(
      event(
        record('INSERT', { newImage: { type: 'part', id: 'x' } }),
        record('INSERT', { newImage: { type: 'quote', id: 5 } }),
        record('MODIFY', { oldImage: { type: 'category', id: categoryId, name: 'Same' }, newImage: { type: 'category', id: categoryId, name: 'Same' } }),
      ),
    );
    expect(answer).toEqual({ batchItemFailures: [] });
    expect(await search.count()).toBe(count);
  });

  it('reports the batch as failed when the index cannot be written, so it is retried', async () => {
    const broken: SearchIndex = { ...search, upsert: async () => Promise.reject(new Error('disk full')) };
    const handle = createStreamHandler({ catalog: deps.catalog, search: broken });
    const part = await deps.catalog.createPart(buildPartInput({ categoryId, manufacturerId: makerId }));
    const insert = record('INSERT', { newImage: partItem(part) });
    expect(await handle(event(insert))).toEqual({ batchItemFailures: [{ itemIdentifier: insert.dynamodb!.SequenceNumber }] });
  });

  it('a poison record in the middle of a batch: the good records around it are indexed, the answer names only the poison record', async () => {
    const parts = await Promise.all(
      ['PA', 'PB', 'PC'].map((prefix) =>
        deps.catalog.createPart(buildPartInput({ categoryId, manufacturerId: makerId, partNumber: unique(prefix).toUpperCase() })),
      ),
    );
    const [good1, poison, good2] = parts as [StoredPart, StoredPart, StoredPart];
    // The index refuses any write that holds the poison document (as a real index refuses a malformed one).
    const picky: SearchIndex = {
      ...search,
      upsert: async (docs) => (docs.some((d) => d.id === poison.id) ? Promise.reject(new Error('mapper_parsing_exception')) : search.upsert(docs)),
    };
    const handle = createStreamHandler({ catalog: deps.catalog, search: picky });
    const records = parts.map((p) => record('INSERT', { newImage: partItem(p) }));

    const answer = await handle(event(...records));

    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: records[1]!.dynamodb!.SequenceNumber }] });
    expect((await find(good1.partNumber)).map((p) => p.id)).toEqual([good1.id]);
    expect((await find(good2.partNumber)).map((p) => p.id)).toEqual([good2.id]);
    expect(await find(poison.partNumber)).toEqual([]);
  });

  it('reindexAll rebuilds the index from the table', async () => {
    const extraDir = mkdtempSync(join(tmpdir(), 'reindex-'));
    const fresh = createEmbeddedSearchIndex({ file: join(extraDir, 'search.sqlite') });
    try {
      const total = await deps.catalog.countParts();
      const result = await reindexAll({ catalog: deps.catalog, search: fresh });
      expect(result.indexed).toBe(total);
      expect(await fresh.count()).toBe(total);
      const list = await fresh.search(partsQuerySchema.parse({ categoryIds: [categoryId] }));
      expect(list.total).toBe(total);
      expect(list.data[0]?.category?.name).toBe('Hydraulic Pumps');
    } finally {
      await fresh.close();
      rmSync(extraDir, { recursive: true, force: true });
    }
  });

  it('the poller reads DynamoDB Local’s stream and feeds the handler: create, update, rename', async () => {
    const pollDir = mkdtempSync(join(tmpdir(), 'poller-'));
    const index = createEmbeddedSearchIndex({ file: join(pollDir, 'search.sqlite') });
    const poller = startStreamPoller({
      endpoint: inject('dynamoEndpoint'),
      tableName: deps.tableName,
      credentials: LOCAL_CREDENTIALS,
      handler: createStreamHandler({ catalog: deps.catalog, search: index }),
      idleMs: 50,
    });
    await poller.ready;
    const names = async (pn: string) => (await index.search(partsQuerySchema.parse({ q: pn }))).data.map((p) => `${p.name}|${p.category?.name}`);
    try {
      // Without a checkpoint the poller reads from the stream's start; the marker shows it has caught up.
      const markerPn = unique('MARK').toUpperCase();
      const marker = await deps.catalog.createPart(buildPartInput({ categoryId, manufacturerId: makerId, partNumber: markerPn }));
      await waitFor(async () => (await names(markerPn)).length === 1, 20_000, 'the poller did not index the marker part');
      const categoryName = (await deps.catalog.getCategory(categoryId))!.name;
      // The streams client reads an empty map as `{}`; a part without specifications must still index.
      const bare = unique('BARE').toUpperCase();
      await deps.catalog.createPart(buildPartInput({ categoryId, manufacturerId: makerId, partNumber: bare, name: 'Plain bushing', specifications: {} }));
      await waitFor(async () => (await names(bare))[0] === `Plain bushing|${categoryName}`, 20_000, 'a part without specifications did not reach the index');
      const pn = unique('POLL').toUpperCase();
      const part = await deps.catalog.createPart(buildPartInput({ categoryId, manufacturerId: makerId, partNumber: pn, name: 'Vane pump' }));
      await waitFor(async () => (await names(pn))[0] === `Vane pump|${categoryName}`, 20_000, 'the new part did not reach the index');
      await deps.catalog.updatePart(part.id, {
        ...buildPartInput({ categoryId, manufacturerId: makerId }),
        partNumber: pn,
        name: 'Vane pump v2',
        slug: part.slug,
      });
      await waitFor(async () => (await names(pn))[0] === `Vane pump v2|${categoryName}`, 20_000, 'the update did not reach the index');
      const category = (await deps.catalog.getCategory(categoryId))!;
      await deps.catalog.updateCategory(categoryId, { name: 'Vane and Gear Pumps', slug: category.slug, parentId: category.parentId ?? null });
      await waitFor(async () => (await names(pn))[0] === 'Vane pump v2|Vane and Gear Pumps', 20_000, 'the rename did not reach the index');
      expect(await names(markerPn)).toEqual([`${marker.name}|Vane and Gear Pumps`]);
    } finally {
      await poller.stop();
      await index.close();
      rmSync(pollDir, { recursive: true, force: true });
    }
  });

  it('the poller resumes from its saved checkpoint: changes made before the first start and while it was down are indexed, none handled twice', async () => {
    const own = await createTestDeps();
    const pollDir = mkdtempSync(join(tmpdir(), 'poller-checkpoint-'));
    const index = createEmbeddedSearchIndex({ file: join(pollDir, 'search.sqlite') });
    const checkpointFile = join(pollDir, 'stream-checkpoint.json');
    const handled: string[] = [];
    const inner = createStreamHandler({ catalog: own.catalog, search: index });
    const handler = async (e: DynamoDBStreamEvent) => {
      const answer = await inner(e);
      handled.push(...e.Records.map((r) => r.eventID ?? ''));
      return answer;
    };
    const start = () =>
      startStreamPoller({
        endpoint: inject('dynamoEndpoint'),
        tableName: own.tableName,
        credentials: LOCAL_CREDENTIALS,
        checkpoints: createFileCheckpointStore(checkpointFile),
        handler,
        idleMs: 50,
      });
    const indexedIds = async () => (await index.listVersions(0, 1000)).map((v) => v.id);
    try {
      const { category, manufacturer } = await createCatalogFixture(own.catalog);
      const make = () => own.catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id }));
      // Written before any poller ran: no checkpoint yet, so the poller starts at TRIM_HORIZON.
      const before = [await make(), await make()];
      const first = start();
      await waitFor(async () => (await indexedIds()).length === 2, 20_000, 'parts written before the first start were not indexed');
      await first.stop();
      expect(JSON.parse(readFileSync(checkpointFile, 'utf8'))).toMatchObject({ shards: expect.any(Object) });
      const handledBefore = handled.length;

      // Written while no poller runs (the server crashed): the next one picks up after its checkpoint.
      const during = [await make(), await make(), await make()];
      const second = start();
      try {
        await waitFor(async () => (await indexedIds()).length === 5, 20_000, 'parts written while the poller was down were not indexed');
      } finally {
        await second.stop();
      }
      expect(await indexedIds()).toEqual([...before, ...during].map((p) => p.id).sort((a, b) => a - b));
      const replayed = handled.slice(handledBefore).filter((id) => handled.slice(0, handledBefore).includes(id));
      expect(replayed).toEqual([]);
    } finally {
      await index.close();
      rmSync(pollDir, { recursive: true, force: true });
      await own.close();
    }
  });
});
