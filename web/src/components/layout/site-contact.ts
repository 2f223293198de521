import { DEFAULT_SITE_SETTINGS } from '@parts/shared/site-settings';

/** The reseller's contact details, shown in the footer, the support page and /contact. */
export const SITE_CONTACT = {
  addressLines: DEFAULT_SITE_SETTINGS.addressLines,
  phone: DEFAULT_SITE_SETTINGS.phone,
  email: DEFAULT_SITE_SETTINGS.email,
  supportHotline: '+1 (216) 555-0150',
  supportEmail: 'support@industrialpartshub.example',
  emergencyLine: '+1 (216) 555-0199',
} as const;
