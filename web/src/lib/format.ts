import { CURRENCY, LOCALE } from '@parts/shared/constants';

const priceFormat = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** USD in en-US; 'N/A' when the part has no price. */
export function formatPrice(price: number | null | undefined): string {
  return price == null || !Number.isFinite(price) ? 'N/A' : priceFormat.format(price);
}

/** A price as buyers read it on listings: the amount, or 'Price on request' when there is none. */
export function formatListPrice(price: number | null | undefined): string {
  return price == null || !Number.isFinite(price) ? 'Price on request' : priceFormat.format(price);
}

/** en-US date and time with year, short month, day, hour and minute. */
export function formatDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? String(value) : dateTimeFormat.format(date);
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

const unitPriceFormat = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY, maximumFractionDigits: 4 });
const dateFormat = new Intl.DateTimeFormat(LOCALE, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A target unit price: USD with up to 4 decimals (components are often quoted in fractions of a cent). */
export function formatUnitPrice(price: number): string {
  return unitPriceFormat.format(price);
}

/** A calendar date (YYYY-MM-DD) in en-US, e.g. 'Mar 31, 2027'; the text as given when it is not one. */
export function formatDate(value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}
