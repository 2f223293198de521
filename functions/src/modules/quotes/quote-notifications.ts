import { randomUUID } from 'node:crypto';
import type { QuoteRequest } from '@parts/shared/schemas';
import { formatMicros } from '@parts/shared/numbers/money';
import { formatCents, formatLeadTime, lineIdentity, type Offer, type QuoteMessage } from '@parts/shared/quote-offers';
import type { SiteSettings } from '@parts/shared/site-settings';
import type { OutboxMail } from '../mail';

/**
 * The quote loop's mails, as plain text: who gets which, and what it says. Built when the data is
 * stored and written in the same transaction (the outbox), sent afterwards.
 */

const buyerLink = (site: SiteSettings, quote: QuoteRequest) => `${site.siteUrl}/account/quotes/${quote.id}`;
const adminLink = (site: SiteSettings, quote: QuoteRequest) => `${site.siteUrl}/admin?tab=quotes&quote=${quote.id}`;

/** An address (the reseller's, or a customer the reseller typed in), or the buyer's account. */
type Recipient = string | { account: string };

function mail(kind: string, quote: QuoteRequest, to: Recipient, subject: string, lines: (string | undefined | false)[]): OutboxMail {
  const address = typeof to === 'string' ? { to: [to] } : { to: [], toAccount: to.account };
  return { id: randomUUID(), kind, quoteId: quote.id, ...address, subject, text: lines.filter((l): l is string => typeof l === 'string').join('\n') };
}

/**
 * Who gets the buyer's side of a request's mails (ADR 096). A request a buyer submitted: their account,
 * i.e. the address the account confirmed, looked up when the mail is sent (held until there is one) —
 * never the form's e-mail, which anyone could fill in with a stranger's. A request the reseller typed in
 * for a caller: the address the reseller typed.
 */
const buyer = (quote: QuoteRequest): Recipient => (quote.submittedBy ? { account: quote.submittedBy } : quote.customerEmail);

/** What the reseller is told about the submitting account's address. */
export interface SubmitterAccount {
  email?: string;
  confirmed: boolean;
}
const accountLine = (account: SubmitterAccount | undefined) =>
  account && (account.email ? `Account e-mail: ${account.email} (${account.confirmed ? 'confirmed' : 'not confirmed yet'})` : 'Account e-mail: none given yet');

function signature(site: SiteSettings): string[] {
  return ['', '—', site.companyName, ...site.addressLines, site.phone, site.email];
}

/** A buyer's own requests have an account page; one the reseller typed in for a caller has none. */
const hasAccount = (quote: QuoteRequest) => Boolean(quote.submittedBy);

function offerLines(offer: Offer): string[] {
  return offer.lines.map((l) =>
    l.status === 'offered'
      ? `- ${l.partNumber} ${l.name}: ${l.quantity} × ${formatMicros(l.appliedUnitPriceMicros)} = ${formatCents(l.lineTotalCents)}, ${formatLeadTime(l.leadTime)}` +
        (l.alternative ? ` (alternative: ${l.alternative.partNumber} at ${formatMicros(l.alternative.unitPriceMicros)})` : '')
      : `- ${l.partNumber} ${l.name}: cannot supply (${l.reason})`,
  );
}

export const quoteMails = {
  newRequest(site: SiteSettings, quote: QuoteRequest, account?: SubmitterAccount): OutboxMail[] {
    return [
      mail('quote.new_request', quote, buyer(quote), `We received your quote request #${quote.id}`, [
        `Hello ${quote.customerName},`,
        '',
        `Thank you for your quote request #${quote.id} (${quote.items.length} ${quote.items.length === 1 ? 'line' : 'lines'}). We will send you a priced offer soon.`,
        hasAccount(quote) && `Follow it in your account: ${buyerLink(site, quote)}`,
        ...signature(site),
      ]),
      mail('quote.new_request', quote, site.quotesEmail, `New quote request #${quote.id} from ${quote.customerName}`, [
        `${quote.customerName}${quote.customerCompany ? ` (${quote.customerCompany})` : ''} <${quote.customerEmail}> asks for a quote on ${quote.items.length} ${quote.items.length === 1 ? 'line' : 'lines'}.`,
        accountLine(account),
        ...quote.items.map((i) => `- ${[lineIdentity(i).partNumber, lineIdentity(i).name].filter(Boolean).join(' ')} × ${i.quantity}`),
        quote.message ? `\nMessage: ${quote.message}` : undefined,
        '',
        `Open it: ${adminLink(site, quote)}`,
      ]),
    ];
  },

  offerSent(site: SiteSettings, quote: QuoteRequest, offer: Offer): OutboxMail[] {
    const revised = offer.version > 1;
    return [
      mail('quote.offer_sent', quote, buyer(quote), `${revised ? 'Revised offer' : 'Your offer'} for quote request #${quote.id} (version ${offer.version})`, [
        `Hello ${quote.customerName},`,
        '',
        `${revised ? `Here is version ${offer.version} of our offer` : 'Here is our offer'} for your quote request #${quote.id}, valid until ${offer.validUntil}.`,
        '',
        ...offerLines(offer),
        '',
        `Total: ${formatCents(offer.totalCents)}`,
        offer.message ? `\n${offer.message}` : undefined,
        '',
        hasAccount(quote) ? `Accept it, line by line if you like, or ask for changes: ${buyerLink(site, quote)}` : `Reply to ${site.email} to accept it.`,
        ...signature(site),
      ]),
      mail('quote.offer_sent', quote, site.quotesEmail, `Offer version ${offer.version} sent for quote request #${quote.id}`, [
        `${offer.sentBy} sent version ${offer.version} (${formatCents(offer.totalCents)}, valid until ${offer.validUntil}) to ${quote.customerName}${quote.submittedBy ? ` (account ${quote.submittedBy})` : ` <${quote.customerEmail}>`}.`,
        '',
        `Open it: ${adminLink(site, quote)}`,
      ]),
    ];
  },

  offerAccepted(site: SiteSettings, quote: QuoteRequest, offer: Offer, summary: string): OutboxMail[] {
    return [
      mail('quote.offer_accepted', quote, buyer(quote), `You accepted our offer for quote request #${quote.id}`, [
        `Hello ${quote.customerName},`,
        '',
        `Thank you: you accepted version ${offer.version} of our offer (${summary}). We will confirm delivery shortly.`,
        `See it in your account: ${buyerLink(site, quote)}`,
        ...signature(site),
      ]),
      mail('quote.offer_accepted', quote, site.quotesEmail, `Quote request #${quote.id}: offer version ${offer.version} accepted`, [
        `${quote.customerName} accepted version ${offer.version}: ${summary}.`,
        '',
        `Open it: ${adminLink(site, quote)}`,
      ]),
    ];
  },

  offerDeclined(site: SiteSettings, quote: QuoteRequest, offer: Offer, reason: string): OutboxMail[] {
    return [
      mail('quote.offer_declined', quote, buyer(quote), `You declined our offer for quote request #${quote.id}`, [
        `Hello ${quote.customerName},`,
        '',
        `You declined version ${offer.version} of our offer. Your reason: ${reason}`,
        `If anything changes, write to us from your account: ${buyerLink(site, quote)}`,
        ...signature(site),
      ]),
      mail('quote.offer_declined', quote, site.quotesEmail, `Quote request #${quote.id}: offer version ${offer.version} declined`, [
        `${quote.customerName} declined version ${offer.version}.`,
        `Reason: ${reason}`,
        '',
        `Open it: ${adminLink(site, quote)}`,
      ]),
    ];
  },

  revisionRequested(site: SiteSettings, quote: QuoteRequest, offer: Offer, message: string): OutboxMail[] {
    return [
      mail('quote.revision_requested', quote, site.quotesEmail, `Quote request #${quote.id}: revision of version ${offer.version} requested`, [
        `${quote.customerName} asks for a revision of version ${offer.version}:`,
        '',
        message,
        '',
        `Open it: ${adminLink(site, quote)}`,
      ]),
    ];
  },

  newMessage(site: SiteSettings, quote: QuoteRequest, message: QuoteMessage): OutboxMail[] {
    const files = message.attachments.length
      ? `\n(${message.attachments.length} ${message.attachments.length === 1 ? 'attachment' : 'attachments'})`
      : undefined;
    if (message.from === 'buyer') {
      return [
        mail('quote.message', quote, site.quotesEmail, `New message on quote request #${quote.id} from ${quote.customerName}`, [
          message.body,
          files,
          '',
          `Answer it: ${adminLink(site, quote)}`,
        ]),
      ];
    }
    return [
      mail('quote.message', quote, buyer(quote), `New message about your quote request #${quote.id}`, [
        `Hello ${quote.customerName},`,
        '',
        message.body,
        files,
        '',
        hasAccount(quote) ? `Answer it in your account: ${buyerLink(site, quote)}` : `Reply to ${site.email}.`,
        ...signature(site),
      ]),
    ];
  },
};
