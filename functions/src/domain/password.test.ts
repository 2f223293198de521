import { expect, test } from 'vitest';
import { hashPassword, verifyPassword } from './password';

test('scrypt hashes carry a per-user salt and verify only the right password', async () => {
  const a = await hashPassword('secret1');
  const b = await hashPassword('secret1');
  expect(a).not.toBe(b);
  expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
  expect(await verifyPassword('secret1', a)).toBe(true);
  expect(await verifyPassword('secret2', a)).toBe(false);
  expect(await verifyPassword('secret1', 'garbage')).toBe(false);
});
