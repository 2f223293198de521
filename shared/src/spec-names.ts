import { SPEC_FILTERS } from './constants';

/** Names worked out, by key: a catalogue has a few hundred keys, read on every part card of every page. */
const named = new Map<string, string>();
/** Most keys kept (a bound, should a feed bring keys without end). */
const MAX_NAMED = 2000;

/**
 * A specification key as buyers read it: camelCase and underscores split into words, first letter
 * capitalised, the rest lower case except acronyms ("pressureRating" → "Pressure rating", "maxRPM" → "Max RPM").
 * Four regular expressions a key: kept once worked out (a listing's server render named 45 keys, issue 34).
 */
export function specName(key: string): string {
  let name = named.get(key);
  if (name === undefined) {
    name = nameOf(key);
    if (named.size >= MAX_NAMED) named.clear();
    named.set(key, name);
  }
  return name;
}

function nameOf(key: string): string {
  const words = key
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean)
    .map((word) => (word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase()));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The filter panel's label of a specification range ("Bore Size (mm)"), or its name in words. */
export function specFilterLabel(key: string): string {
  return SPEC_FILTERS.find((f) => f.key === key)?.label ?? specName(key);
}
