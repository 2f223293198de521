import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../lib/logger';
import type { AppEnv } from './app-env';

export const FOREIGN_ORIGIN_MESSAGE = 'This request came from another site and was refused.';

/** Methods that read only; everything else changes state and must come from the site itself. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** `none`: the user typed or bookmarked it (no page asked for it); `same-origin`: the site's own page. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);
/** An ALLOWED_ORIGINS entry: the site's own origin, whatever its name, as the browser reports it in Sec-Fetch-Site (ADR 120). */
const SAME_ORIGIN = 'same-origin';

/**
 * CSRF guard for every state-changing call (docs/security.md). Browsers send `Origin` on every
 * non-GET request (fetch, forms, multipart included) and `Sec-Fetch-Site` on every request; a page
 * on another port of the same host or on a sibling subdomain is "same-site" for SameSite=Lax cookies,
 * but its `Origin` differs, so it is refused here. A request with neither header did not come from a
 * browser (curl, scripts, server-to-server): no cookie is riding along uninvited, so it passes.
 * `same-origin` among the allowed origins (a stage on its CloudFront name, which the API cannot be told: ADR 120)
 * accepts a write the browser marks `Sec-Fetch-Site: same-origin`, a header no page can set; a browser that sends
 * Origin without it is refused.
 */
export function originCheck(allowedOrigins: readonly string[], logger: Logger): MiddlewareHandler<AppEnv> {
  const allowed = new Set(allowedOrigins.map((o) => o.toLowerCase()));
  const sameOrigin = allowed.has(SAME_ORIGIN);
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const fetchSite = c.req.header('sec-fetch-site')?.trim().toLowerCase();
      const ownPage = sameOrigin && fetchSite === SAME_ORIGIN;
      const refused = origin !== undefined ? !allowed.has(origin.trim().toLowerCase()) && !ownPage : fetchSite !== undefined && !OWN_FETCH_SITES.has(fetchSite);
      if (refused) {
        logger.warn('security.foreign_origin', { method: c.req.method, path: c.req.path, origin: origin ?? null, fetchSite: fetchSite ?? null });
        return c.json({ message: FOREIGN_ORIGIN_MESSAGE }, 403);
      }
    }
    await next();
  };
}
