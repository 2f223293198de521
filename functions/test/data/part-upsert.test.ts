import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DeleteCommand, GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CatalogRepository, PartUpsert } from '../../src/modules/catalog/ports/catalog-repository';
import { createDynamoRepositories } from '../../src/adapters/dynamodb/repositories';
import { createTestDeps, type TestDeps } from '../support/test-deps';
import { buildPartInput, createCatalogFixture, unique } from '../support/builders';

/**
 * The bulk write path of the import (ADR 060): content hash on the part item, guards claimed by
 * transaction and part items batched, conflicts one by one, orphaned guards reclaimed.
 */
let deps: TestDeps;
let fixture: { category: { id: number }; manufacturer: { id: number } };
beforeAll(async () => {
  deps = await createTestDeps();
  fixture = await createCatalogFixture(deps.catalog);
});
afterAll(() => deps.close());
const ids = () => ({ categoryId: fixture.category.id, manufacturerId: fixture.manufacturer.id });

interface Sent {
  command: string;
  input: Record<string, unknown>;
}

/** A catalogue over a client that records every command it sends; `before` may act before one is sent. */
function recordingCatalog(before?: (command: string, input: Record<string, unknown>) => Promise<void>) {
  const sent: Sent[] = [];
  const client = {
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      sent.push({ command: command.constructor.name, input: command.input });
      await before?.(command.constructor.name, command.input);
      return deps.doc.send(command as never);
    },
  } as unknown as DynamoDBDocumentClient;
  const catalog: CatalogRepository = createDynamoRepositories({ client, tableName: deps.tableName }).catalog;
  return { catalog, sent };
}

const WRITES = new Set(['PutCommand', 'UpdateCommand', 'DeleteCommand', 'TransactWriteCommand', 'BatchWriteCommand']);
const keysRead = (sent: Sent[]) =>
  sent
    .filter((s) => s.command === 'BatchGetCommand')
    .flatMap((s) => Object.values(s.input.RequestItems as Record<string, { Keys: { pk: string }[] }>).flatMap((r) => r.Keys.map((k) => k.pk)));

function rows(n: number, tag = unique('bulk')): PartUpsert[] {
  return Array.from({ length: n }, (_, i) => ({
    name: `Bulk part ${i}`,
    partNumber: `${tag}-${i}`.toUpperCase(),
    status: 'active' as const,
    categoryId: fixture.category.id,
    manufacturerId: fixture.manufacturer.id,
    specifications: { bore: `${10 + i} mm`, stroke: '50 mm' },
    price: i % 3 ? 12.5 + i : null,
  }));
}

describe('content hash', () => {
  test("re-importing unchanged rows reads their guards and the parts' content hash only, and writes nothing", async () => {
    const input = rows(120);
    expect(await deps.catalog.upsertParts(input)).toMatchObject({ created: 120, failures: [] });
    const { catalog, sent } = recordingCatalog();
    expect(await catalog.upsertParts(input)).toMatchObject({ created: 0, updated: 0, unchanged: 120, failures: [] });
    expect(sent.filter((s) => WRITES.has(s.command))).toEqual([]);
    const read = keysRead(sent);
    expect(read.filter((pk) => pk.startsWith('PARTNUMBER#'))).toHaveLength(120);
    expect(read.filter((pk) => pk.startsWith('PART#'))).toHaveLength(120);
    expect(read).toHaveLength(240);
    const partReads = sent.filter((s) => s.command === 'BatchGetCommand' && JSON.stringify(s.input).includes('"PART#'));
    for (const r of partReads)
      expect(Object.values(r.input.RequestItems as Record<string, { ExpressionAttributeNames: Record<string, string> }>)[0]!.ExpressionAttributeNames).toEqual({
        '#a0': 'pk',
        '#a1': 'contentHash',
      });
  }, 60_000);

  test('a file where 1 row in 100 changed writes only that part', async () => {
    const input = rows(100);
    const first = await deps.catalog.upsertParts(input);
    const changed = input.map((r, i) => (i === 37 ? { ...r, price: 999.99 } : r));
    const { catalog, sent } = recordingCatalog();
    const again = await catalog.upsertParts(changed);
    expect(again).toMatchObject({ created: 0, updated: 1, unchanged: 99, failures: [] });
    const writes = sent.filter((s) => WRITES.has(s.command));
    // Ids are allocated in row order (one block); changedIds come in the order the groups finished.
    const id = [...first.changedIds].sort((a, b) => a - b)[37];
    expect(writes.map((w) => [w.command, (w.input.Item as { pk: string }).pk])).toEqual([['PutCommand', `PART#${id}`]]);
    expect((await deps.catalog.getPart(id!))?.price).toBe(999.99);
  }, 60_000);

  test('an edit in the admin area changes the stored hash: importing the file again brings the row back', async () => {
    const [row] = rows(1);
    const { changedIds } = await deps.catalog.upsertParts([row!]);
    const part = (await deps.catalog.getPart(changedIds[0]!))!;
    await deps.catalog.updatePart(part.id, { ...part, name: 'Renamed by hand', description: part.description ?? '' });
    expect(await deps.catalog.upsertParts([row!])).toMatchObject({ updated: 1, unchanged: 0 });
    expect((await deps.catalog.getPart(part.id))?.name).toBe(row!.name);
  });
});

describe('batched creation keeps slugs and part numbers unique', () => {
  test('new parts are written in batches: guards in one transaction per 50 parts, part items by BatchWriteItem', async () => {
    const { catalog, sent } = recordingCatalog();
    const result = await catalog.upsertParts(rows(120));
    expect(result).toMatchObject({ created: 120, failures: [] });
    expect(sent.filter((s) => s.command === 'TransactWriteCommand')).toHaveLength(3);
    expect(sent.filter((s) => s.command === 'PutCommand')).toEqual([]);
    const batchedParts = sent
      .filter((s) => s.command === 'BatchWriteCommand')
      .flatMap((s) => Object.values(s.input.RequestItems as Record<string, { PutRequest: { Item: { pk: string } } }[]>).flat());
    expect(batchedParts.map((r) => r.PutRequest.Item.pk).sort()).toEqual(result.changedIds.map((id) => `PART#${id}`).sort());
  }, 60_000);

  test('a part number claimed by another writer after the guards were read: that row updates the part now holding the number', async () => {
    const input = rows(30);
    let raced = false;
    let holder: number | undefined;
    const { catalog } = recordingCatalog(async (command) => {
      if (command !== 'TransactWriteCommand' || raced) return;
      raced = true;
      // Between this import reading the guards and claiming them, an admin creates row 7's part number.
      holder = (await deps.catalog.createPart(buildPartInput({ ...ids(), partNumber: input[7]!.partNumber }))).id;
    });
    const result = await catalog.upsertParts(input);
    expect(raced).toBe(true);
    // An upsert is keyed by manufacturer + part number: the row is applied to the part that now has its number, never a failure.
    expect(result).toMatchObject({ created: 29, updated: 1, failures: [] });
    expect((await deps.catalog.getPart(holder!))?.name).toBe(input[7]!.name);
  }, 60_000);

  test('a derived slug already taken gets the id appended', async () => {
    const [row] = rows(1);
    const taken = await deps.catalog.createPart(buildPartInput({ ...ids(), slug: `${row!.name}-${row!.partNumber}`.toLowerCase().replace(/ /g, '-') }));
    const { changedIds } = await deps.catalog.upsertParts([row!]);
    const part = await deps.catalog.getPart(changedIds[0]!);
    expect(part?.slug).toBe(`${taken.slug}-${part?.id}`);
    expect(await deps.catalog.getPartBySlug(taken.slug)).toMatchObject({ id: taken.id });
  });
});

describe('an import stopped between claiming guards and writing parts', () => {
  test('importing the rows again writes the missing parts under the ids their guards hold: no duplicates', async () => {
    const input = rows(10);
    const first = await deps.catalog.upsertParts(input);
    const sorted = [...first.changedIds].sort((a, b) => a - b);
    const lost = [sorted[2]!, sorted[6]!];
    // As if the process died after the guard transaction: the guards stay, the part items were never written.
    for (const id of lost) await deps.doc.send(new DeleteCommand({ TableName: deps.tableName, Key: { pk: `PART#${id}`, sk: 'PART' } }));
    expect(await deps.catalog.getParts(lost)).toEqual([]);

    const again = await deps.catalog.upsertParts(input);
    expect(again).toMatchObject({ created: 2, updated: 0, unchanged: 8, failures: [] });
    expect(again.changedIds.sort()).toEqual([...lost].sort());
    const parts = await deps.catalog.getParts(first.changedIds);
    expect(parts).toHaveLength(10);
    for (const part of parts) expect(await deps.catalog.getPartBySlug(part.slug)).toMatchObject({ id: part.id });
    const guard = await deps.doc.send(
      new GetCommand({
        TableName: deps.tableName,
        Key: { pk: `PARTNUMBER#${fixture.manufacturer.id}#${input[2]!.partNumber.replace(/[^A-Z0-9]/g, '')}`, sk: 'PARTNUMBER' },
      }),
    );
    expect(guard.Item?.id).toBe(lost[0]);
    expect(await deps.catalog.upsertParts(input)).toMatchObject({ created: 0, unchanged: 10 });
  }, 60_000);
});
