/** Where a login or registration sends the user back to: the `returnTo` query parameter (ADR 051). */
export const RETURN_TO_PARAM = 'returnTo';

const ORIGIN = 'http://same-site.invalid';

/**
 * The path itself when it is a same-site relative path ("/quote-request?x=1"), else null: no scheme,
 * no "//host" or "/\host" (browsers read both as another site), no control characters, never the
 * login pages themselves.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  const hasControl = [...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
  if (hasControl || value.includes('\\') || /%(0[0-9a-f]|1[0-9a-f]|7f|5c)/i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN || url.pathname === '/auth' || url.pathname === '/admin/login') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The login page's path carrying where the user is now, so they come back after logging in; the
 * site root and the admin dashboard's default tab need no parameter (they are where a login goes anyway).
 */
export function loginPathFor(loginPath: '/auth' | '/admin/login', current: string): string {
  if (current.startsWith(loginPath)) return current;
  const back = safeReturnPath(current);
  if (!back || back === '/' || (loginPath === '/admin/login' && back === '/admin')) return loginPath;
  return `${loginPath}?${new URLSearchParams({ [RETURN_TO_PARAM]: back }).toString()}`;
}
