import type { Context } from 'hono';

/**
 * The caller's address for login throttling: the first X-Forwarded-For hop (CloudFront puts the
 * viewer there). A client can forge it, which is why the per-username limit is kept as well.
 */
export function clientAddress(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for');
  const first = forwarded?.split(',')[0]?.trim();
  return first && first.length <= 64 ? first : 'unknown';
}
