import type { MiddlewareHandler } from 'hono';
import { CONTENT_TYPE_OPTIONS, FRAME_OPTIONS, PERMISSIONS_POLICY, REFERRER_POLICY, contentSecurityPolicy } from '@parts/shared/security-headers';

/**
 * The headers CloudFront's response headers policy adds in production (infra/src/constructs/web.ts), on
 * every local response (pages, files and API answers), from the same definition. Two differences, both
 * because the local site is plain http: no HSTS and no upgrade-insecure-requests. `uploadOrigins` are the
 * S3 origins the browser PUTs presigned uploads to (the local S3 stand-in).
 */
export function localSecurityHeaders(uploadOrigins: readonly string[]): MiddlewareHandler {
  const csp = contentSecurityPolicy(uploadOrigins, { upgradeInsecureRequests: false });
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('content-security-policy', csp);
    headers.set('x-frame-options', FRAME_OPTIONS);
    headers.set('x-content-type-options', CONTENT_TYPE_OPTIONS);
    headers.set('referrer-policy', REFERRER_POLICY);
    headers.set('permissions-policy', PERMISSIONS_POLICY);
  };
}
