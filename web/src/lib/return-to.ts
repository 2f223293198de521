import { RETURN_TO_PARAM, safeReturnPath } from '@parts/shared/return-to';

/** The one check lives in shared/ (issue 26): the web and the server use the same function. */
export { RETURN_TO_PARAM, safeReturnPath };

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
