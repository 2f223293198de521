import { formatCents, type Offer } from '@parts/shared/quote-offers';
import { buyerLink, hasAccount, mailContent, plural, signature, type MailContent, type QuoteMailProps } from './mail-text';

/** To the buyer, some days before the offer's last valid day (the scheduled job; QUOTE_REMINDER_DAYS_BEFORE). */
export function offerExpiringMail({ site, quote, offer, daysLeft }: QuoteMailProps & { offer: Offer; daysLeft: number }): MailContent {
  const left = daysLeft === 0 ? 'today is its last day' : `${plural(daysLeft, 'day', 'days')} left`;
  return mailContent(`Reminder: our offer for quote request #${quote.id} is valid until ${offer.validUntil}`, [
    `Hello ${quote.customerName},`,
    '',
    `Version ${offer.version} of our offer for your quote request #${quote.id} (${formatCents(offer.totalCents)}) is valid until ${offer.validUntil} (${left}). After that day it can no longer be accepted.`,
    '',
    hasAccount(quote) ? `Accept it, line by line if you like, or ask for changes: ${buyerLink(site, quote)}` : `Reply to ${site.email} to accept it.`,
    ...signature(site),
  ]);
}
