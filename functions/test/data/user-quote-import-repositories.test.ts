import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../../src/domain/errors';
import { createTestDeps, type TestDeps } from '../support/test-deps';
import { buildNewQuoteRequest, buildNewUser, unique } from '../support/builders';
import { isStatusChange } from '@parts/shared/schemas';

let deps: TestDeps;
beforeAll(async () => {
  deps = await createTestDeps();
});
afterAll(() => deps.close());

describe('users', () => {
  test('usernames are unique regardless of case', async () => {
    const user = await deps.users.createUser(buildNewUser({ username: unique('Alice') }));
    expect(user).toMatchObject({ isAdmin: false, id: expect.any(Number) });
    await expect(deps.users.createUser(buildNewUser({ username: user.username.toUpperCase() }))).rejects.toBeInstanceOf(ConflictError);
    expect(await deps.users.getUserByUsername(user.username.toLowerCase())).toEqual(user);
  });

  test('two concurrent registrations of the same username leave exactly one user', async () => {
    const username = unique('racer');
    const results = await Promise.allSettled([
      deps.users.createUser(buildNewUser({ username, passwordHash: 'scrypt$first' })),
      deps.users.createUser(buildNewUser({ username, passwordHash: 'scrypt$second' })),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected');
    expect(lost?.status === 'rejected' && lost.reason).toBeInstanceOf(ConflictError);
    const stored = await deps.users.getUserByUsername(username);
    expect(stored?.passwordHash).toBe(won[0]?.status === 'fulfilled' ? won[0].value.passwordHash : 'none');
  });

  test('upsertAdmin creates the admin once and resets it later, keeping its id', async () => {
    const username = unique('admin');
    const first = await deps.users.upsertAdmin(buildNewUser({ username, passwordHash: 'scrypt$a', isAdmin: true }));
    const second = await deps.users.upsertAdmin(buildNewUser({ username, passwordHash: 'scrypt$b', isAdmin: false }));
    expect(second).toMatchObject({ id: first.id, isAdmin: true, passwordHash: 'scrypt$b', createdAt: first.createdAt });
  });

  test('bad input is a ValidationError', async () => {
    await expect(deps.users.createUser(buildNewUser({ username: 'ab' }))).rejects.toBeInstanceOf(ValidationError);
    await expect(deps.users.createUser(buildNewUser({ passwordHash: '' }))).rejects.toBeInstanceOf(ValidationError);
    await expect(deps.users.getUserByUsername(42 as never)).rejects.toBeInstanceOf(ValidationError);
    await expect(deps.users.getUserByUsername('nobody-here')).resolves.toBeUndefined();
  });
});

describe('quote requests', () => {
  test('created with numbered items and a first history entry', async () => {
    const q = await deps.quotes.createQuoteRequest(
      buildNewQuoteRequest({
        submittedBy: 'bob',
        createdBy: 'bob',
        items: [
          { partId: 3, partNumber: 'A-1', name: 'A', quantity: 1 },
          { partId: 4, partNumber: 'B-2', name: 'B', slug: 'b', quantity: 5 },
        ],
      }),
    );
    expect(q.items).toEqual([
      { id: 1, quantity: 1, part: { id: 3, partNumber: 'A-1', name: 'A' } },
      { id: 2, quantity: 5, part: { id: 4, partNumber: 'B-2', name: 'B', slug: 'b' } },
    ]);
    expect(q.history).toEqual([{ at: q.createdAt, by: 'bob', from: null, to: 'pending' }]);
    expect(await deps.quotes.getQuoteRequest(q.id)).toEqual(q);
  });

  test('listed newest first, by status, by submitter; status changes append history', async () => {
    let tick = Date.parse('2030-01-01T00:00:00Z');
    const { createDynamoRepositories } = await import('../../src/adapters/dynamodb/repositories');
    const { quotes } = createDynamoRepositories({ client: deps.doc, tableName: deps.tableName, now: () => new Date((tick += 1000)) });
    const who = unique('carol');
    const a = await quotes.createQuoteRequest(buildNewQuoteRequest({ submittedBy: who }));
    const b = await quotes.createQuoteRequest(buildNewQuoteRequest({ submittedBy: who }));
    const c = await quotes.createQuoteRequest(buildNewQuoteRequest({ status: 'processing' }));
    const all = await quotes.listQuoteRequests();
    expect(all.slice(0, 3).map((q) => q.id)).toEqual([c.id, b.id, a.id]);
    expect((await quotes.listQuoteRequests({ limit: 2 })).map((q) => q.id)).toEqual([c.id, b.id]);
    expect((await quotes.listQuoteRequestsBySubmitter(who.toUpperCase())).map((q) => q.id)).toEqual([b.id, a.id]);

    const pendingBefore = await quotes.countQuoteRequests('pending');
    const moved = await quotes.updateQuoteStatus(a.id, 'approved', 'admin');
    expect(moved.status).toBe('approved');
    expect(moved.history.filter(isStatusChange).map((h) => [h.from, h.to, h.by])).toEqual([
      [null, 'pending', 'ada'],
      ['pending', 'approved', 'admin'],
    ]);
    expect(await quotes.countQuoteRequests('pending')).toBe(pendingBefore - 1);
    expect((await quotes.listQuoteRequests({ status: 'approved' })).map((q) => q.id)).toContain(a.id);
    expect((await quotes.listQuoteRequests({ status: 'pending' })).map((q) => q.id)).not.toContain(a.id);
  });

  test('concurrent status changes all land in the history, each from the previous status', async () => {
    const q = await deps.quotes.createQuoteRequest(buildNewQuoteRequest());
    await Promise.all(['processing', 'approved', 'rejected'].map((s) => deps.quotes.updateQuoteStatus(q.id, s as 'approved', 'admin')));
    const history = (await deps.quotes.getQuoteRequest(q.id))!.history.filter(isStatusChange);
    expect(history).toHaveLength(4);
    for (let i = 1; i < history.length; i++) expect(history[i]!.from).toBe(history[i - 1]!.to);
  });

  test('a reserved id is used once: the request is stored under it and a second create with it conflicts', async () => {
    const id = await deps.quotes.reserveQuoteId();
    expect(await deps.quotes.reserveQuoteId()).toBe(id + 1);
    const q = await deps.quotes.createQuoteRequest(buildNewQuoteRequest({ id }));
    expect(q.id).toBe(id);
    expect(await deps.quotes.getQuoteRequest(id)).toMatchObject({ id, customerName: q.customerName });
    await expect(deps.quotes.createQuoteRequest(buildNewQuoteRequest({ id }))).rejects.toBeInstanceOf(ConflictError);
    // A fresh create never lands on a reserved id.
    expect((await deps.quotes.createQuoteRequest(buildNewQuoteRequest())).id).toBeGreaterThan(id + 1);
    await expect(deps.quotes.createQuoteRequest(buildNewQuoteRequest({ id: 0 }))).rejects.toBeInstanceOf(ValidationError);
  });

  test('unknown ids and bad input', async () => {
    await expect(deps.quotes.updateQuoteStatus(99_999, 'approved', 'admin')).rejects.toBeInstanceOf(NotFoundError);
    await expect(deps.quotes.updateQuoteStatus(1, 'shipped' as never, 'admin')).rejects.toBeInstanceOf(ValidationError);
    await expect(deps.quotes.getQuoteRequest(-4)).rejects.toBeInstanceOf(ValidationError);
    await expect(
      deps.quotes.createQuoteRequest(buildNewQuoteRequest({ items: [{ partId: 1, partNumber: 'x', name: 'x', quantity: 0 }] })),
    ).rejects.toBeInstanceOf(ValidationError);
    await expect(deps.quotes.listQuoteRequests({ limit: -1 })).rejects.toBeInstanceOf(ValidationError);
    await expect(deps.quotes.countQuoteRequests('nope' as never)).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('import jobs', () => {
  const job = (id: string) => ({
    id,
    state: 'queued' as const,
    rowsDone: 0,
    rowsFailed: 0,
    totalRecords: 0,
    successCount: 0,
    errorCount: 0,
    errors: [],
    createdAt: new Date().toISOString(),
  });

  test('create, merge updates, read back', async () => {
    const id = unique('job');
    await deps.imports.createImportJob(job(id));
    await expect(deps.imports.createImportJob(job(id))).rejects.toBeInstanceOf(ConflictError);
    const running = await deps.imports.updateImportJob(id, { state: 'running', rowsDone: 10 });
    expect(running).toMatchObject({ id, state: 'running', rowsDone: 10, rowsFailed: 0 });
    expect(await deps.imports.getImportJob(id)).toEqual(running);
  });

  test('conditional updates: state and updatedAt must still be as expected, else ConflictError and nothing changes', async () => {
    const id = unique('job');
    await deps.imports.createImportJob(job(id));
    // No updatedAt yet: null expects it absent.
    const started = await deps.imports.updateImportJob(id, { state: 'running', updatedAt: 't1' }, { state: ['queued'], updatedAt: null });
    expect(started).toMatchObject({ state: 'running', updatedAt: 't1' });
    await expect(deps.imports.updateImportJob(id, { state: 'running', updatedAt: 't2' }, { state: ['queued'] })).rejects.toBeInstanceOf(ConflictError);
    await expect(deps.imports.updateImportJob(id, { rowsDone: 5, updatedAt: 't2' }, { updatedAt: 'older' })).rejects.toBeInstanceOf(ConflictError);
    await expect(deps.imports.updateImportJob(id, { rowsDone: 5 }, { updatedAt: null })).rejects.toBeInstanceOf(ConflictError);
    expect(await deps.imports.getImportJob(id)).toMatchObject({ state: 'running', rowsDone: 0, updatedAt: 't1' });
    const failed = await deps.imports.updateImportJob(id, { state: 'failed', updatedAt: 't3' }, { state: ['queued', 'running'], updatedAt: 't1' });
    expect(failed).toMatchObject({ state: 'failed', updatedAt: 't3' });
    // A worker still writing progress cannot bring a failed job back.
    await expect(deps.imports.updateImportJob(id, { rowsDone: 500, updatedAt: 't4' }, { state: ['running'] })).rejects.toBeInstanceOf(ConflictError);
    await expect(deps.imports.updateImportJob(id, {}, { state: ['running'] })).rejects.toBeInstanceOf(ConflictError);
    expect(await deps.imports.updateImportJob(id, {}, { state: ['failed'], updatedAt: 't3' })).toMatchObject({ state: 'failed' });
    await expect(deps.imports.updateImportJob(unique('job'), { rowsDone: 1 }, { state: ['running'] })).rejects.toBeInstanceOf(NotFoundError);
    await expect(deps.imports.updateImportJob(id, { rowsDone: 1 }, { state: ['exploded'] } as never)).rejects.toBeInstanceOf(ValidationError);
    await expect(deps.imports.updateImportJob(id, { rowsDone: 1 }, { state: [] })).rejects.toBeInstanceOf(ValidationError);
  });

  test('unknown job and bad patches', async () => {
    await expect(deps.imports.updateImportJob('missing', { rowsDone: 1 })).rejects.toBeInstanceOf(NotFoundError);
    await expect(deps.imports.updateImportJob('missing', { state: 'exploded' } as never)).rejects.toBeInstanceOf(ValidationError);
    await expect(deps.imports.updateImportJob('missing', { pk: 'x' } as never)).rejects.toBeInstanceOf(ValidationError);
    await expect(deps.imports.getImportJob('')).rejects.toBeInstanceOf(ValidationError);
    await expect(deps.imports.createImportJob({} as never)).rejects.toBeInstanceOf(ValidationError);
    await expect(deps.imports.updateImportJob(unique('job'), null as never)).rejects.toBeInstanceOf(ValidationError);
    await expect(deps.quotes.createQuoteRequest(undefined as never)).rejects.toBeInstanceOf(ValidationError);
    await expect(deps.users.createUser({ username: 'valid-name' } as never)).rejects.toBeInstanceOf(ValidationError);
  });
});
