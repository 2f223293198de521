/** The reseller's contact details, shown in the footer, the support page and /contact. */
export const SITE_CONTACT = {
  addressLines: ['1250 Foundry Road, Suite 400', 'Cleveland, OH 44114', 'United States'],
  phone: '+1 (216) 555-0142',
  email: 'info@industrialpartshub.example',
  supportHotline: '+1 (216) 555-0150',
  supportEmail: 'support@industrialpartshub.example',
  emergencyLine: '+1 (216) 555-0199',
} as const;
