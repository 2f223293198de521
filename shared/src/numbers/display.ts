import { LOCALE } from '../constants';

/** Built on first use: an Intl formatter costs milliseconds to build, which every cold start would pay (ADR 083). */
let countFormat: Intl.NumberFormat | undefined;

/**
 * A quantity (or any count) as every screen, PDF and mail shows it: "1,000,000". The one formatter for
 * quantities; amounts are `formatMicros` (unit prices) and `formatCents` (totals), which group the same way.
 */
export function formatQuantity(quantity: number): string {
  countFormat ??= new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
  return countFormat.format(quantity);
}
