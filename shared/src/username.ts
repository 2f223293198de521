/**
 * Usernames that look alike must be the same account (docs/security.md, R7). A username is stored
 * NFKC-normalised (fullwidth `ａｄｍｉｎ` is `admin`), and its uniqueness key is that form case-folded with
 * the few look-alikes NFKC leaves apart folded too (dotless ı, ß, final ς). Characters that hide or
 * reorder text and names mixing alphabets are refused at registration with a message saying why.
 */

export const USERNAME_INVISIBLE_MESSAGE = 'Username cannot contain control, invisible or text-direction characters';
export const USERNAME_MIXED_SCRIPTS_MESSAGE = 'Username cannot mix letters from different alphabets';
export const USERNAME_LOOKALIKE_MESSAGE = 'Username cannot be made only of letters that look like Latin ones';

/** The stored form: NFKC, trimmed. */
export function normalizeUsername(raw: string): string {
  return raw.normalize('NFKC').trim();
}

/** What uniqueness is decided on: equal keys are the same account. */
export function usernameKey(raw: string): string {
  return normalizeUsername(raw).toLowerCase().replace(/ı/g, 'i').replace(/ß/g, 'ss').replace(/ς/g, 'σ').normalize('NFKC');
}

// Controls (Cc), format characters (Cf: zero-width, bidi embeddings/overrides/isolates, BOM), unassigned (Cn),
// private use (Co), surrogates (Cs), line and paragraph separators; any whitespace but the plain space.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cn}\p{Co}\p{Cs}\p{Zl}\p{Zp}]|(?! )\s/u;

/** Scripts told apart; Han, Hiragana and Katakana together are Japanese, Han and Hangul Korean. */
const SCRIPTS: [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Hangul', /\p{Script=Hangul}/u],
  ['Han', /\p{Script=Han}/u],
  ['Hiragana', /\p{Script=Hiragana}/u],
  ['Katakana', /\p{Script=Katakana}/u],
];
const COMPATIBLE: string[][] = [
  ['Han', 'Hiragana', 'Katakana'],
  ['Han', 'Hangul'],
];

/** Cyrillic and Greek letters (lower case) that look like Latin ones. */
const LATIN_LOOKALIKES = new Set([...'аеорсухіјѕԁӏкмнтвԛԝъь', ...'αεικνορτυχωβγηζ']);

function scriptOf(letter: string): string {
  for (const [name, pattern] of SCRIPTS) if (pattern.test(letter)) return name;
  return 'Other';
}

/** Why a new username is refused, or undefined when it is fine (length is checked elsewhere). */
export function usernameProblem(raw: string): string | undefined {
  const name = normalizeUsername(raw);
  if (INVISIBLE.test(name)) return USERNAME_INVISIBLE_MESSAGE;
  const letters = [...name].filter((ch) => /\p{L}/u.test(ch));
  const scripts = new Set(letters.map(scriptOf));
  if (scripts.size > 1 && !COMPATIBLE.some((group) => [...scripts].every((s) => group.includes(s)))) return USERNAME_MIXED_SCRIPTS_MESSAGE;
  if (letters.length > 0 && (scripts.has('Cyrillic') || scripts.has('Greek')) && letters.every((l) => LATIN_LOOKALIKES.has(l.toLowerCase()))) {
    return USERNAME_LOOKALIKE_MESSAGE;
  }
  return undefined;
}
