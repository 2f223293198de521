import { expect, test } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password';

// Five hashes at OWASP's cost (~0.1 s each on a quiet core) took over 5 s on the shared machine at load 15.
test("scrypt hashes carry a per-user salt, today's OWASP-level parameters, and verify only the right password", { timeout: 30_000 }, async () => {
  const a = await hashPassword('secret1');
  const b = await hashPassword('secret1');
  expect(a).not.toBe(b);
  expect(a).toMatch(/^scrypt\$16384\$8\$5\$/);
  expect(await verifyPassword('secret1', a)).toBe(true);
  expect(await verifyPassword('secret2', a)).toBe(false);
  expect(await verifyPassword('secret1', 'garbage')).toBe(false);
  expect(needsRehash(a)).toBe(false);
});

test('a hash made with the earlier parameters (N=2^14, p=1) still verifies and is marked for re-hashing', async () => {
  const old = await hashPassword('secret1', { N: 16384, r: 8, p: 1 });
  expect(old).toMatch(/^scrypt\$16384\$8\$1\$/);
  expect(await verifyPassword('secret1', old)).toBe(true);
  expect(needsRehash(old)).toBe(true);
});

test('absurd stored parameters are refused without running scrypt', async () => {
  const good = await hashPassword('secret1');
  const [, , , , salt, hash] = good.split('$');
  for (const params of ['1073741824$8$1', '16384$8$1000', '12345$8$1', '16384$0$1']) {
    expect(await verifyPassword('secret1', `scrypt$${params}$${salt}$${hash}`)).toBe(false);
  }
});
