import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../lib/logger';
import type { AppEnv } from './app-env';

export const FOREIGN_ORIGIN_MESSAGE = 'This request came from another site and was refused.';

/** Methods that read only; everything else changes state and must come from the site itself. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** `none`: the user typed or bookmarked it (no page asked for it); `same-origin`: the site's own page. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/**
 * CSRF guard for every state-changing call (docs/security.md). Browsers send `Origin` on every
 * non-GET request (fetch, forms, multipart included) and `Sec-Fetch-Site` on every request; a page
 * on another port of the same host or on a sibling subdomain is "same-site" for SameSite=Lax cookies,
 * but its `Origin` differs, so it is refused here. A request with neither header did not come from a
 * browser (curl, scripts, server-to-server): no cookie is riding along uninvited, so it passes.
 */
export function originCheck(allowedOrigins: readonly string[], logger: Logger): MiddlewareHandler<AppEnv> {
  const allowed = new Set(allowedOrigins.map((o) => o.toLowerCase()));
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const fetchSite = c.req.header('sec-fetch-site');
      const refused =
        origin !== undefined ? !allowed.has(origin.trim().toLowerCase()) : fetchSite !== undefined && !OWN_FETCH_SITES.has(fetchSite.trim().toLowerCase());
      if (refused) {
        logger.warn('security.foreign_origin', { method: c.req.method, path: c.req.path, origin: origin ?? null, fetchSite: fetchSite ?? null });
        return c.json({ message: FOREIGN_ORIGIN_MESSAGE }, 403);
      }
    }
    await next();
  };
}
