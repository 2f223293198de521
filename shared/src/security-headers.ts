/**
 * The response headers the site is served with: by CloudFront's response headers policy in production
 * (infra/src/constructs/web.ts) and by the local server (functions/src/local/security-headers.ts), from
 * this one definition so both stay the same.
 */

/** The CSP the built SPA satisfies: own scripts only; Radix injects <style> tags, so inline styles are allowed. */
export function contentSecurityPolicy(uploadOrigins: readonly string[], options: { upgradeInsecureRequests?: boolean } = {}): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${uploadOrigins.join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.upgradeInsecureRequests === false ? [] : ['upgrade-insecure-requests']),
  ].join('; ');
}

export const FRAME_OPTIONS = 'DENY';
export const CONTENT_TYPE_OPTIONS = 'nosniff';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=()';
/** Production only: over plain http on 127.0.0.1 HSTS would be ignored and upgrade-insecure-requests would break the site. */
export const HSTS_MAX_AGE_SECONDS = 730 * 24 * 60 * 60;
