import { SITE_NAME } from './constants';

/**
 * The reseller's company details: the footer, the contact pages, the quote document and the mails
 * read them from here. The server overrides any of them per deployment with SITE_* settings
 * (functions/src/config/site-settings.ts; the settings are listed in functions/src/config/env.ts).
 */
export interface SiteSettings {
  companyName: string;
  addressLines: string[];
  phone: string;
  email: string;
  /** Where quote notifications for the reseller go. */
  quotesEmail: string;
  /** The storefront's public origin, for links in mails. */
  siteUrl: string;
  /** Printed on every quote document. */
  quoteTerms: string[];
  /** Whether a buyer accepting an offer must give their purchase order number (ADR 121). */
  poNumber: 'optional' | 'required';
}

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  companyName: SITE_NAME,
  addressLines: ['1250 Foundry Road, Suite 400', 'Cleveland, OH 44114', 'United States'],
  phone: '+1 (216) 555-0142',
  email: 'info@industrialpartshub.example',
  quotesEmail: 'quotes@industrialpartshub.example',
  siteUrl: 'http://127.0.0.1:3000',
  quoteTerms: [
    'Prices are in US dollars, excluding taxes and shipping, and hold until the validity date shown.',
    'Goods are new and surplus; we are not an authorised distributor of the manufacturers named.',
    'The warranty is 1 year, given by the reseller and not by the manufacturer.',
    'Lead times run from the acceptance of this offer; units are subject to prior sale.',
    'Pictures are illustrative.',
  ],
  poNumber: 'optional',
};
