/** The Demand tab's period: a preset counted back from today (UTC), or a custom from–to. */
const PERIOD_PRESETS = [
  { value: '7d', label: 'Last 7 days', days: 7 },
  { value: '30d', label: 'Last 30 days', days: 30 },
  { value: '90d', label: 'Last 90 days', days: 90 },
  { value: '12m', label: 'Last 12 months', days: 365 },
] as const;

export type PeriodChoice = (typeof PERIOD_PRESETS)[number]['value'] | 'custom';

export const PERIOD_OPTIONS: readonly { value: PeriodChoice; label: string }[] = [
  ...PERIOD_PRESETS.map(({ value, label }) => ({ value, label })),
  { value: 'custom', label: 'Custom dates' },
];

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** YYYY-MM-DD of a moment, in UTC (the server counts days in UTC). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The from–to of a preset ending today (both days included), or null for a custom period. */
export function presetRange(choice: PeriodChoice, now: Date): { from: string; to: string } | null {
  const preset = PERIOD_PRESETS.find((p) => p.value === choice);
  if (!preset) return null;
  return { from: isoDay(new Date(now.getTime() - (preset.days - 1) * DAY_MS)), to: isoDay(now) };
}

/** Why a custom from–to cannot be asked for, or null when it can. */
export function customRangeProblem(from: string, to: string): string | null {
  if (!ISO_DAY.test(from) || !ISO_DAY.test(to)) return 'Choose both dates';
  if (from > to) return 'The start date must be on or before the end date';
  return null;
}
