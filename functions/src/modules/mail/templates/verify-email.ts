import { EMAIL_VERIFICATION_TTL_HOURS, VERIFY_EMAIL_PATH } from '@parts/shared/email-verification';
import type { SiteSettings } from '@parts/shared/site-settings';
import { mailContent, type MailContent } from './mail-text';

export interface VerifyEmailMailProps {
  site: SiteSettings;
  /** Validated at registration: one line, no control or direction characters. */
  username: string;
  email: string;
  token: string;
}

/**
 * The e-mail confirmation link (ADR 096). It carries nothing the registering person chose but the username,
 * since it goes to an address nobody has confirmed yet.
 */
export function verifyEmailMail({ site, username, email, token }: VerifyEmailMailProps): MailContent {
  return mailContent('Confirm your e-mail address', [
    'Hello,',
    '',
    `Please confirm that ${email} is the e-mail address of your account "${username}" at ${site.companyName}. Open this link within ${EMAIL_VERIFICATION_TTL_HOURS} hours:`,
    `${site.siteUrl}${VERIFY_EMAIL_PATH}?token=${token}`,
    '',
    'Until then we keep the mails about your quote requests and send them once the address is confirmed.',
    'If you did not ask for this, ignore this mail: nothing is sent to this address without the confirmation.',
    '',
    '—',
    site.companyName,
    site.email,
  ]);
}
