import { PART_STATUSES, PART_STATUS_LABELS, QUOTE_STATUSES } from '@parts/shared/constants';
import { capitalize } from '../../../lib/format';
import type { SelectOption } from '../components/option-select';

export const QUOTE_STATUS_OPTIONS: readonly SelectOption[] = QUOTE_STATUSES.map((s) => ({ value: s, label: capitalize(s) }));
export const PART_STATUS_OPTIONS: readonly SelectOption[] = PART_STATUSES.map((s) => ({ value: s, label: PART_STATUS_LABELS[s] }));

/** Categories or manufacturers as options keyed by id. */
export function idOptions(items: readonly { id: number; name: string }[]): SelectOption[] {
  return items.map((i) => ({ value: String(i.id), label: i.name }));
}
