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
