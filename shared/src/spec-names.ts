import { SPEC_FILTERS } from './constants';

/**
 * A specification key as buyers read it: camelCase and underscores split into words, first letter
 * capitalised, the rest lower case except acronyms ("pressureRating" → "Pressure rating", "maxRPM" → "Max RPM").
 */
export function specName(key: string): string {
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
