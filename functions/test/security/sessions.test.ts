import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { hashPassword } from '../../src/modules/accounts/password';
import { keys } from '../../src/adapters/dynamodb/keys';
import { unique } from '../support/builders';
import { createApi, expectRejected, reportRejected, sessionCookie, type Api } from '../api/api-helpers';

/** R7: logout, a password reset and a change of admin rights end sessions at once, not after 24 hours. */
let api: Api;
beforeAll(async () => {
  api = await createApi();
});
afterAll(async () => {
  reportRejected('sessions.test.ts');
  await api.close();
});

async function login(username: string, password: string): Promise<string> {
  const res = await api.call('POST', '/api/auth/login', { json: { username, password } });
  expect(res.status).toBe(200);
  return sessionCookie(res);
}
const me = (cookie: string) => api.call('GET', '/api/auth/me', { cookie });
/** The session has ended: /me answers as for a guest (200 with null; a guest is not an error). */
async function expectEnded(cookie: string) {
  const res = await me(cookie);
  expect(res.status).toBe(200);
  expect(await res.json()).toBeNull();
}
const adminList = (cookie: string) => api.call('GET', '/api/quote-requests', { cookie });

async function seedAdmin(password = 'admin123') {
  const username = unique('sess-admin');
  await api.deps.users.upsertAdmin({ username, isAdmin: true, passwordHash: await hashPassword(password) });
  return username;
}

describe('revocable sessions', () => {
  test('logout ends that session for every copy of its cookie; the account’s other sessions stay', async () => {
    const { username } = await api.customer();
    const laptop = await login(username, 'secret1');
    const phone = await login(username, 'secret1');
    const stolenCopy = laptop;
    expect(await (await me(laptop)).json()).toMatchObject({ username });
    const out = await api.call('POST', '/api/auth/logout', { cookie: laptop });
    expect(out.status).toBe(200);
    await expectEnded(stolenCopy);
    expect(await (await me(phone)).json()).toMatchObject({ username });
  });

  test('an admin demoted in the table loses admin rights with the next request', async () => {
    const username = await seedAdmin();
    const cookie = await login(username, 'admin123');
    expect((await adminList(cookie)).status).toBe(200);
    // The review's step: one UpdateItem on the user record, nothing else.
    await api.deps.doc.send(
      new UpdateCommand({
        TableName: api.deps.tableName,
        Key: keys.user(username),
        UpdateExpression: 'SET isAdmin = :f',
        ExpressionAttributeValues: { ':f': false },
      }),
    );
    await expectRejected(adminList(cookie), 403);
    expect(await (await me(cookie)).json()).toMatchObject({ username, isAdmin: false });
  });

  test('a change of rights through the repository ends every session of the account', async () => {
    const username = await seedAdmin();
    const [a, b] = [await login(username, 'admin123'), await login(username, 'admin123')];
    await api.deps.users.setAdmin(username, false);
    await expectEnded(a);
    await expectEnded(b);
    // Promoted again: old sessions stay ended, a new login carries the rights.
    await api.deps.users.setAdmin(username, true);
    await expectRejected(adminList(a), 401);
    expect((await adminList(await login(username, 'admin123'))).status).toBe(200);
  });

  test('a password reset ends every session of the account', async () => {
    const username = await seedAdmin('first-pass');
    const cookie = await login(username, 'first-pass');
    await api.deps.users.upsertAdmin({ username, isAdmin: true, passwordHash: await hashPassword('second-pass') });
    await expectEnded(cookie);
    expect(await (await me(await login(username, 'second-pass'))).json()).toMatchObject({ username });
  });

  test('endSessions (sign out everywhere) ends them all', async () => {
    const { username, cookie } = await api.customer();
    const other = await login(username, 'secret1');
    expect(await api.deps.users.endSessions(username)).toBe(1);
    await expectEnded(cookie);
    await expectEnded(other);
  });

  test('a re-signed-in user is not affected by a rehash of their password (sessions stay)', async () => {
    const { username, cookie } = await api.customer();
    const stored = (await api.deps.users.getUserByUsername(username))!;
    await api.deps.users.updatePasswordHash(username, stored.passwordHash, await hashPassword('secret1'));
    expect(await (await me(cookie)).json()).toMatchObject({ username });
  });

  test('a logout without a session, or with an ended one, is still fine', async () => {
    expect((await api.call('POST', '/api/auth/logout')).status).toBe(200);
    const { cookie } = await api.customer();
    await api.call('POST', '/api/auth/logout', { cookie });
    expect((await api.call('POST', '/api/auth/logout', { cookie })).status).toBe(200);
  });
});
