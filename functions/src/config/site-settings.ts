import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '@parts/shared/site-settings';
import type { Env } from './env';

const lines = (value: string) =>
  value
    .split('|')
    .map((l) => l.trim())
    .filter(Boolean);

/** The deployment's site settings: the shared defaults, each overridable by its SITE_* / RESELLER_EMAIL setting. */
export function siteSettings(env: Env): SiteSettings {
  return {
    companyName: env.SITE_COMPANY_NAME ?? DEFAULT_SITE_SETTINGS.companyName,
    addressLines: env.SITE_ADDRESS ? lines(env.SITE_ADDRESS) : DEFAULT_SITE_SETTINGS.addressLines,
    phone: env.SITE_PHONE ?? DEFAULT_SITE_SETTINGS.phone,
    email: env.SITE_EMAIL ?? DEFAULT_SITE_SETTINGS.email,
    quotesEmail: env.RESELLER_EMAIL ?? DEFAULT_SITE_SETTINGS.quotesEmail,
    siteUrl: (env.SITE_URL ?? `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}`).replace(/\/$/, ''),
    quoteTerms: env.QUOTE_TERMS ? lines(env.QUOTE_TERMS) : DEFAULT_SITE_SETTINGS.quoteTerms,
    poNumber: env.SITE_PO_NUMBER ?? DEFAULT_SITE_SETTINGS.poNumber,
  };
}
