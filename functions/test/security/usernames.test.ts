import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { USERNAME_INVISIBLE_MESSAGE, USERNAME_LOOKALIKE_MESSAGE, USERNAME_MIXED_SCRIPTS_MESSAGE } from '@parts/shared/username';
import { createApi, expectRejected, reportRejected, type Api } from '../api/api-helpers';

/** R7: fullwidth `ａｄｍｉｎ`, `admin` + zero-width space, dotless ı, NUL and RTL override were all accepted as new accounts. */
let api: Api;
beforeAll(async () => {
  api = await createApi();
  const res = await api.call('POST', '/api/auth/register', { json: { username: 'victor', password: 'secret1' } });
  expect(res.status).toBe(201);
});
afterAll(async () => {
  reportRejected('usernames.test.ts');
  await api.close();
});

const register = (username: string) => api.call('POST', '/api/auth/register', { json: { username, password: 'secret1' } });

describe('registration', () => {
  test.each(['ｖｉｃｔｏｒ', 'VICTOR', 'Victor', 'vıctor', 'ＶＩＣＴＯＲ', ' victor '])('%j is the existing account "victor": 409', async (username) => {
    await expectRejected(register(username), 409, 'Username already exists');
  });

  test.each([
    ['victor\u200b', USERNAME_INVISIBLE_MESSAGE],
    ['vic\u0000tor', USERNAME_INVISIBLE_MESSAGE],
    ['\u202Erotciv', USERNAME_INVISIBLE_MESSAGE],
    ['vic\u2067tor', USERNAME_INVISIBLE_MESSAGE],
    ['vісtor', USERNAME_MIXED_SCRIPTS_MESSAGE],
    ['раура', USERNAME_LOOKALIKE_MESSAGE],
  ])('%j is refused with 400 and says why', async (username, message) => {
    const body = await expectRejected(register(username), 400);
    expect(body.issues?.map((i) => i.message)).toContain(message);
  });

  test('the stored name is the normalised one, and its look-alikes sign in to it', async () => {
    const created = await register('ｍａｒｉａ');
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ username: 'maria' });
    const login = await api.call('POST', '/api/auth/login', { json: { username: 'MARIA', password: 'secret1' } });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ username: 'maria' });
    expect((await register('Дмитрий')).status).toBe(201);
    expect((await register('José Müller')).status).toBe(201);
  });
});
