import { SPEC_FILTERS } from './constants';
import { specFilterLabel } from './spec-names';

const SPEC_FILTER_KEYS: readonly string[] = SPEC_FILTERS.map((f) => f.key);

export interface SpecRangeIssue {
  /** The filter's key, or none when the whole set is refused. */
  key?: string;
  message: string;
}

/**
 * Why the listing refuses a set of spec range filters, in words: only the keys the catalogue filters on
 * (`SPEC_FILTERS`), at most that many, and no minimum above its maximum. `specRangesSchema` reports these
 * issues; the catalogue page calls this directly, so its first-visit JavaScript does not need zod.
 */
export function specRangeIssues(ranges: Record<string, { min?: number | null; max?: number | null }>): SpecRangeIssue[] {
  const entries = Object.entries(ranges);
  if (entries.length > SPEC_FILTER_KEYS.length) return [{ message: `At most ${SPEC_FILTER_KEYS.length} specification filters` }];
  const issues: SpecRangeIssue[] = [];
  for (const [key, { min, max }] of entries) {
    if (!SPEC_FILTER_KEYS.includes(key)) {
      issues.push({ key, message: `Unknown specification filter "${key}"; the filters are ${SPEC_FILTER_KEYS.join(', ')}` });
    } else if (min != null && max != null && min > max) {
      issues.push({ key, message: `${specFilterLabel(key)}: the minimum (${min}) is above the maximum (${max})` });
    }
  }
  return issues;
}
