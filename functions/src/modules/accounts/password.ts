import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Stored as `scrypt$N$r$p$salt$hash` (base64url): each hash carries its own parameters, so raising them
 * keeps every older hash verifiable (and a login re-hashes it with the current ones).
 * N=2^14, r=8, p=5 is one of OWASP's equivalent minimums for scrypt (to 2^17/8/1): the same work at
 * 16 MiB a hash instead of 128 MiB, which keeps a few hashes in flight affordable (docs/benchmarks.md).
 */
export const PASSWORD_PARAMS = { N: 2 ** 14, r: 8, p: 5 } as const;
const KEY_LENGTH = 32;
/** Parameters read back from storage are bounded, so a tampered or corrupt record cannot make a login allocate gigabytes. */
const MAX_N = 2 ** 20;
const MAX_R = 16;
const MAX_P = 16;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 256 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string, params: { N: number; r: number; p: number } = PASSWORD_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parse(stored: string) {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [, n, r, p, saltText, hashText] = parts as [string, string, string, string, string, string];
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const powerOfTwo = Number.isInteger(params.N) && params.N > 1 && (params.N & (params.N - 1)) === 0;
  if (!powerOfTwo || params.N > MAX_N || !Number.isInteger(params.r) || params.r < 1 || params.r > MAX_R) return undefined;
  if (!Number.isInteger(params.p) || params.p < 1 || params.p > MAX_P) return undefined;
  const expected = Buffer.from(hashText, 'base64url');
  if (expected.length !== KEY_LENGTH) return undefined;
  return { params, salt: Buffer.from(saltText, 'base64url'), expected };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return timingSafeEqual(key, parsed.expected);
}

/** A hash made with weaker parameters than today's: re-hash it at the next successful login. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return false;
  const { N, r, p } = parsed.params;
  return N * r * p < PASSWORD_PARAMS.N * PASSWORD_PARAMS.r * PASSWORD_PARAMS.p;
}
