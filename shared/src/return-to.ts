/** Where a login or registration sends the user back to: the `returnTo` query parameter (ADR 051). */
export const RETURN_TO_PARAM = 'returnTo';

/** The WHATWG URL of the browser and of Node (shared/ compiles without DOM or Node types). */
declare const URL: new (input: string, base?: string) => { origin: string; pathname: string; search: string; hash: string };
type URL = InstanceType<typeof URL>;

const ORIGIN = 'http://same-site.invalid';
/** A path a browser reads as another host: "//host" or "/\host" (backslash is a slash to a browser). */
const OTHER_HOST = /^[/\\]{2}|^\/\\/;

/**
 * A path that URL parsing leaves exactly as it is and that no check below refuses but for being a login page:
 * segments of letters, digits and `_~-.` that start with none of `.`, and a query of those and `=&+`; no percent sign,
 * backslash, control character or hash. Most paths are such: they skip the two URL parses (the header computes its
 * login link's way back on every page the server renders; issue 34).
 */
const PLAIN_PATH = /^(?:\/[\w~-][\w.~-]*)+\/?(?:\?[\w.~=&+-]+)?$/;

/**
 * The path itself when it is a same-site relative path ("/quote-request?x=1"), else null: no scheme,
 * no "//host" or "/\host" (browsers read both as another site) — neither as given nor once the URL is
 * normalised (`/.//evil.example` and `/x/..//evil.example` become `//evil.example`) — no control
 * characters or backslashes (raw or percent-encoded), never the login pages themselves. The one check
 * for the web's login pages (and for the server, should it ever redirect to a `returnTo`).
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || OTHER_HOST.test(value)) return null;
  if (PLAIN_PATH.test(value)) {
    const pathname = value.split('?', 1)[0];
    return pathname === '/auth' || pathname === '/admin/login' ? null : value;
  }
  const hasControl = [...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
  if (hasControl || value.includes('\\') || /%(0[0-9a-f]|1[0-9a-f]|7f|5c)/i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN || url.pathname === '/auth' || url.pathname === '/admin/login') return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // What is returned is what the router and the browser will read: check it again after normalising.
  if (!path.startsWith('/') || OTHER_HOST.test(path) || new URL(path, ORIGIN).origin !== ORIGIN) return null;
  return path;
}
