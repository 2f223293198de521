import { lineIdentity } from '@parts/shared/quote-offers';
import { adminLink, mailContent, plural, type MailContent, type QuoteMailProps } from './mail-text';

/** What the reseller is told about the submitting account's address. */
export interface SubmitterAccount {
  email?: string;
  confirmed: boolean;
}

const accountLine = (account: SubmitterAccount | undefined) =>
  account && (account.email ? `Account e-mail: ${account.email} (${account.confirmed ? 'confirmed' : 'not confirmed yet'})` : 'Account e-mail: none given yet');

/** To the reseller: a new quote request, its lines and who sent it. */
export function quoteNewRequestMail({ site, quote, account }: QuoteMailProps & { account?: SubmitterAccount }): MailContent {
  return mailContent(`New quote request #${quote.id} from ${quote.customerName}`, [
    `${quote.customerName}${quote.customerCompany ? ` (${quote.customerCompany})` : ''} <${quote.customerEmail}> asks for a quote on ${plural(quote.items.length, 'line', 'lines')}.`,
    accountLine(account),
    ...quote.items.map((i) => `- ${[lineIdentity(i).partNumber, lineIdentity(i).name].filter(Boolean).join(' ')} × ${i.quantity}`),
    quote.message ? `\nMessage: ${quote.message}` : undefined,
    '',
    `Open it: ${adminLink(site, quote)}`,
  ]);
}
