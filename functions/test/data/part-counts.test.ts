import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePart } from '../../src/modules/catalog/adapters/part-item';
import { newPartActions } from '../../src/modules/catalog/adapters/part-store';
import { allocateIds } from '../../src/adapters/dynamodb/support';
import { transactWrite } from '../../src/adapters/dynamodb/transact-write';
import { partInputSchema } from '@parts/shared/schemas';
import { createApi, type Api } from '../api/api-helpers';
import { buildPartInput, createCatalogFixture } from '../support/builders';

/**
 * The dashboard's part count cannot drift from the parts stored (ADR 040): it is the index's count,
 * and the index is reconciled with the table by id. A process that dies between a part's transaction
 * and anything that follows it (the old code bumped a separate counter there) leaves it right.
 */
describe('part counts', () => {
  let api: Api;
  let admin: string;

  beforeAll(async () => {
    api = await createApi();
    admin = (await api.admin()).cookie;
  });
  afterAll(() => api.close());

  const stats = async () => (await (await api.call('GET', '/api/admin/stats', { cookie: admin })).json()) as { totalParts: number };

  it('a part whose transaction committed just before a crash is counted, as in the table and the index', async () => {
    const { category, manufacturer } = await createCatalogFixture(api.deps.catalog);
    for (let i = 0; i < 3; i++) {
      const part = await api.deps.catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id }));
      await api.deps.searchSync.partsChanged([part.id]);
    }

    // What a crash leaves: the part's own transaction committed, nothing after it ran.
    const ctx = { client: api.deps.doc, tableName: api.deps.tableName, now: () => new Date() };
    const id = await allocateIds(ctx, 'part', 1);
    const now = new Date().toISOString();
    const item = encodePart(id, partInputSchema.parse(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id })), 1, now, now);
    const fail = new Error('unexpected condition failure');
    expect(await transactWrite(ctx, newPartActions(ctx, item, { item: fail, slug: fail, partNumber: fail }))).toBe('ok');
    // The stream (or the start-up check) indexes it afterwards.
    await api.deps.searchSync.partsChanged([id]);

    const inTable = await api.deps.catalog.countParts();
    expect(inTable).toBe(4);
    expect(await api.deps.search.count()).toBe(4);
    expect((await stats()).totalParts).toBe(4);
  });

  it('counts new parts from the bulk upsert and leaves the count alone for unchanged rows', async () => {
    const { category, manufacturer } = await createCatalogFixture(api.deps.catalog);
    const rows = Array.from({ length: 5 }, () => buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id }));
    const before = (await stats()).totalParts;
    const first = await api.deps.catalog.upsertParts(rows);
    await api.deps.searchSync.partsChanged(first.changedIds);
    expect((await stats()).totalParts).toBe(before + 5);
    const again = await api.deps.catalog.upsertParts(rows);
    expect(again).toMatchObject({ created: 0, unchanged: 5 });
    expect((await stats()).totalParts).toBe(before + 5);
    expect(await api.deps.catalog.countParts()).toBe(before + 5);
  });
});
