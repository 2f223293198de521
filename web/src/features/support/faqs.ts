import { ATTACHMENT_HINT } from '@parts/shared/attachment-messages';
import { SITE_NAME } from '@parts/shared/constants';

export interface Faq {
  id: string;
  question: string;
  answer: string;
}

export const FAQS: Faq[] = [
  {
    id: 'order',
    question: 'How do I request a quote for parts?',
    answer: `Add the parts you need to your quote basket from the catalog or a part page, then open Request a Quote, fill in your details and submit. You can attach drawings or specifications (${ATTACHMENT_HINT}).`,
  },
  {
    id: 'shipping',
    question: 'How long does shipping take?',
    answer:
      'Standard shipping takes 3-5 business days within the continental US. We also offer international shipping; delivery times and costs vary by destination and are confirmed with your quote.',
  },
  {
    id: 'warranty',
    question: 'What warranty do the parts carry?',
    answer: `Every part comes with a 1-year warranty provided by ${SITE_NAME}, the reseller, not by the manufacturer. All goods are new and surplus.`,
  },
  {
    id: 'authorised',
    question: 'Are you an authorised distributor?',
    answer: `No. ${SITE_NAME} is an independent reseller and is not an authorised distributor of the manufacturers listed. Manufacturer names and part numbers are used for identification only.`,
  },
  {
    id: 'payment',
    question: 'Which payment methods do you accept?',
    answer: 'We accept major credit cards, bank transfer and, for approved business accounts, net 30 terms. Payment details are confirmed with your quote.',
  },
  {
    id: 'returns',
    question: 'Can I return a part?',
    answer:
      'Unused parts in their original packaging can be returned within 30 days of delivery. Contact support with your quote number to arrange a return authorisation.',
  },
];

/** Case-insensitive match on the question or the answer. */
export function filterFaqs(faqs: Faq[], search: string): Faq[] {
  const term = search.trim().toLowerCase();
  if (!term) return faqs;
  return faqs.filter((f) => f.question.toLowerCase().includes(term) || f.answer.toLowerCase().includes(term));
}
