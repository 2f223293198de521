/**
 * Demand signals (issue 31, docs/demand.md) are grouped by a normalised key, the same on the server and in the
 * web, so `CR600`, `cr-600` and `CR 600` are one row.
 */

/** Longest key kept; longer input is cut (a query or part number longer than this is noise). */
export const DEMAND_KEY_MAX = 120;

/** Part-number key: NFKC, upper case, without spaces, hyphens, dots, slashes (both) and underscores. */
export function demandPartKey(input: string): string {
  return input
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\-._/\\]+/g, '')
    .slice(0, DEMAND_KEY_MAX);
}

/** Query key: NFKC, lower case, trimmed, runs of white space as one space. */
export function demandQueryKey(input: string): string {
  return input.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim().slice(0, DEMAND_KEY_MAX);
}

/**
 * Whether a search text reads as a part number rather than words: at most three tokens of letters, digits and
 * the usual separators, at least one digit, and every token either holding a digit or being at most three
 * letters (`CR 600`, `6ES7 214-1AG40`, `m8x20` yes; `m8 screw`, `pressure sensor` no).
 */
export function looksLikePartNumber(input: string): boolean {
  const text = input.normalize('NFKC').trim();
  if (text.length === 0 || text.length > 60) return false;
  const tokens = text.split(/\s+/);
  if (tokens.length > 3) return false;
  if (!tokens.every((t) => /^[\p{L}\p{N}\-._/\\+#]+$/u.test(t))) return false;
  if (!/\p{N}/u.test(text)) return false;
  if (!tokens.every((t) => /\p{N}/u.test(t) || t.length <= 3)) return false;
  return demandPartKey(text).length >= 3;
}
