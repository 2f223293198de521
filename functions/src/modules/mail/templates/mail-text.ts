import type { QuoteRequest } from '@parts/shared/schemas';
import { formatMicros } from '@parts/shared/numbers/money';
import { formatQuantity } from '@parts/shared/numbers/display';
import { LINE_ANSWER_TEXT, lineAnswers } from '@parts/shared/offer-answers';
import { formatCents, formatLeadTime, type Offer } from '@parts/shared/quote-offers';
import type { SiteSettings } from '@parts/shared/site-settings';

/**
 * The pieces the mail templates share (one template per file beside this one): a mail's wording is its
 * subject and plain text, built from one typed props object; who gets it, and when, is the sender's.
 */
export interface MailContent {
  subject: string;
  text: string;
}

/** A line left out (false or undefined) is dropped: templates list their optional lines inline. */
export const mailContent = (subject: string, lines: (string | undefined | false)[]): MailContent => ({
  subject,
  text: lines.filter((l): l is string => typeof l === 'string').join('\n'),
});

/** What the quote mails know of the request and the reseller. */
export interface QuoteMailProps {
  site: SiteSettings;
  quote: QuoteRequest;
}

export const buyerLink = (site: SiteSettings, quote: QuoteRequest) => `${site.siteUrl}/account/quotes/${quote.id}`;
export const adminLink = (site: SiteSettings, quote: QuoteRequest) => `${site.siteUrl}/admin?tab=quotes&quote=${quote.id}`;

/** A buyer's own requests have an account page; one the reseller typed in for a caller has none. */
export const hasAccount = (quote: QuoteRequest) => Boolean(quote.submittedBy);

export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function signature(site: SiteSettings): string[] {
  return ['', '—', site.companyName, ...site.addressLines, site.phone, site.email];
}

/** Lines a mail lists; a longer offer (BOM requests reach 2,000 lines) is read in full on the site or in its PDF. */
export const MAIL_OFFER_LINES = 100;

/** The line that stands for the lines a mail leaves out. */
function moreLines(more: number): string[] {
  return more > 0 ? [`… and ${more.toLocaleString('en-US')} more ${more === 1 ? 'line' : 'lines'}: see the whole offer on the site or in its PDF`] : [];
}

export function offerLines(offer: Offer): string[] {
  const more = offer.lines.length - MAIL_OFFER_LINES;
  const listed = offer.lines
    .slice(0, MAIL_OFFER_LINES)
    .map((l) =>
      l.status === 'offered'
        ? `- ${l.partNumber} ${l.name}: ${formatQuantity(l.quantity)} × ${formatMicros(l.appliedUnitPriceMicros)} = ${formatCents(l.lineTotalCents)}, ${formatLeadTime(l.leadTime)}` +
          (l.alternative ? ` (alternative: ${l.alternative.partNumber} at ${formatMicros(l.alternative.unitPriceMicros)})` : '')
        : `- ${l.partNumber} ${l.name}: cannot supply (${l.reason})`,
    );
  return [...listed, ...moreLines(more)];
}

/**
 * An accepted version, line by line: accepted (quantity × price), accepted as the alternative, declined,
 * or could not be supplied; then the accepted total. Empty when the version was not accepted.
 */
export function acceptedLines(offer: Offer): string[] {
  const answers = lineAnswers(offer);
  if (!answers) return [];
  const lines = answers.slice(0, MAIL_OFFER_LINES).map(({ line: l, answer }) => {
    const head = `- ${l.partNumber} ${l.name}: ${LINE_ANSWER_TEXT[answer]}`;
    if (l.status === 'cannot_supply') return `${head} (${l.reason})`;
    if (answer === 'accepted') return `${head}, ${formatQuantity(l.quantity)} × ${formatMicros(l.appliedUnitPriceMicros)} = ${formatCents(l.lineTotalCents)}`;
    if (answer === 'alternative' && l.alternative) {
      const alt = l.alternative;
      return `${head} ${alt.partNumber} ${alt.name}, ${formatQuantity(l.quantity)} × ${formatMicros(alt.unitPriceMicros)} = ${formatCents(alt.lineTotalCents)}`;
    }
    return head;
  });
  return ['', ...lines, ...moreLines(answers.length - MAIL_OFFER_LINES), '', `Accepted total: ${formatCents(offer.response?.acceptedTotalCents ?? 0)}`];
}
