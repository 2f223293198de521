import { describe, expect, test } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import type { QuoteRequest } from '@parts/shared/schemas';
import type { Offer, OfferLine } from '@parts/shared/quote-offers';
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '@parts/shared/site-settings';
import { renderOfferPdf } from './quote-pdf';

/**
 * The quote document read back the way a buyer's PDF reader reads it (pdf.js through unpdf): every
 * character printed, nothing past the page's edges, long texts on further pages (issue 26, item 4).
 */

const MARGIN = 40;

function quote(overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    id: 7,
    customerName: 'Ada Lovelace',
    customerEmail: 'ada@example.com',
    status: 'quoted',
    createdAt: '2026-11-20T10:00:00.000Z',
    items: [],
    attachments: [],
    history: [],
    ...overrides,
  } as QuoteRequest;
}

const offeredLine = (overrides: Partial<Extract<OfferLine, { status: 'offered' }>> = {}): OfferLine => ({
  itemId: 1,
  partNumber: 'HX-M8-40',
  name: 'Hex bolt M8 x 40',
  requestedQuantity: 10,
  status: 'offered',
  quantity: 10,
  unitPriceMicros: 12_000_000,
  priceBreaks: [{ minQuantity: 50, unitPriceMicros: 9_900_000 }],
  appliedUnitPriceMicros: 12_000_000,
  lineTotalCents: 12000,
  leadTime: 14,
  minimumOrderQuantity: 1,
  ...overrides,
});

function offer(overrides: Partial<Offer> = {}): Offer {
  return {
    quoteId: 7,
    version: 1,
    sentAt: '2026-11-21T09:00:00.000Z',
    sentBy: 'admin',
    validUntil: '2026-12-21',
    lines: [offeredLine()],
    totalCents: 12000,
    state: 'open',
    ...overrides,
  };
}

async function render(input: { site?: SiteSettings; quote?: QuoteRequest; offer?: Offer }) {
  const bytes = new Uint8Array(
    await renderOfferPdf({ site: input.site ?? DEFAULT_SITE_SETTINGS, quote: input.quote ?? quote(), offer: input.offer ?? offer() }),
  );
  const { totalPages, text } = await extractText(bytes.slice(), { mergePages: false });
  const pdf = await getDocumentProxy(bytes.slice());
  /** Every piece of text with where it ends on its page. */
  const items: { page: number; str: string; left: number; right: number; pageWidth: number }[] = [];
  for (let p = 1; p <= pdf.numPages; p++) {
    const page = await pdf.getPage(p);
    const pageWidth = page.getViewport({ scale: 1 }).width;
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item) || !item.str.trim()) continue;
      items.push({ page: p, str: item.str, left: item.transform[4] as number, right: (item.transform[4] as number) + item.width, pageWidth });
    }
  }
  const pages = text.map((t) => t.replace(/\s+/g, ' '));
  return { totalPages, pages, all: pages.join(' '), items };
}

/** The text without any whitespace: a wrapped line breaks where the layout chose, not where the test did. */
const squeeze = (s: string) => s.replace(/\s+/g, '');

// Subsetting a 10 MB CJK font takes ~0.2 s of CPU; on a loaded two-core machine the wall time is many times that.
describe('the quote document holds any text', { timeout: 60_000 }, () => {
  test('Latin, Greek, Cyrillic and CJK names and texts print as written; an emoji prints as one U+FFFD', async () => {
    const site: SiteSettings = { ...DEFAULT_SITE_SETTINGS, companyName: 'Αθήνα Μηχανική Α.Ε.', addressLines: ['Улица Ленина 5, Москва', '서울특별시 중구'] };
    const { all } = await render({
      site,
      quote: quote({ customerName: 'Zoë 🚀 北京 Łódź', customerCompany: '株式会社 込山製作所', customerPhone: '+86 10 1234 5678' }),
      offer: offer({
        message: 'Здравствуйте! Доставка через 2 недели.\nお見積りありがとうございます。\nCảm ơn — Việt Nam, Ørsted, Ærø, ß.',
        lines: [
          offeredLine({ name: '六角螺栓 M8 × 40 (不锈钢)', note: 'Примечание: оцинкованный' }),
          { itemId: 2, partNumber: 'ΣΤ-200', name: '볼트 세트', requestedQuantity: 5, status: 'cannot_supply', reason: '단종된 제품' },
        ],
      }),
    });
    for (const expected of [
      'Αθήνα Μηχανική Α.Ε.',
      'Улица Ленина 5, Москва',
      '서울특별시 중구',
      'Zoë \uFFFD 北京 Łódź',
      '株式会社 込山製作所',
      'Здравствуйте! Доставка через 2 недели.',
      'お見積りありがとうございます。',
      'Cảm ơn — Việt Nam, Ørsted, Ærø, ß.',
      '六角螺栓 M8 × 40 (不锈钢)',
      'Примечание: оцинкованный',
      'ΣΤ-200',
      '볼트 세트',
      'Cannot supply: 단종된 제품',
    ]) {
      expect(squeeze(all)).toContain(squeeze(expected));
    }
    // The garbage of the standard fonts: a UTF-16 byte pair printed as two Latin-1 characters.
    expect(all).not.toMatch(/Ø=|Þ€|Z o ë/);
  });

  test('a 200-character name and a 200-character company wrap inside the page', async () => {
    const longName = Array.from({ length: 20 }, (_, i) => `Name${String(i).padStart(6, '0')}`).join(' ');
    const longWord = 'W'.repeat(200);
    const site: SiteSettings = { ...DEFAULT_SITE_SETTINGS, companyName: `Company ${'C'.repeat(192)}` };
    const { all, items } = await render({
      site,
      quote: quote({ customerName: longName, customerCompany: longWord }),
      offer: offer({ message: `One long word: ${'M'.repeat(300)}`, lines: [offeredLine({ name: '北'.repeat(200) })] }),
    });
    expect(longName.length).toBeGreaterThanOrEqual(200);
    for (const expected of [longName, longWord, site.companyName, 'M'.repeat(300), '北'.repeat(200)]) expect(squeeze(all)).toContain(squeeze(expected));
    const outside = items.filter((i) => i.left < MARGIN - 1 || i.right > i.pageWidth - MARGIN + 1);
    expect(outside.map((i) => `${i.str.slice(0, 30)}… ${Math.round(i.left)}–${Math.round(i.right)} of ${Math.round(i.pageWidth)}`)).toEqual([]);
  });

  test('a 200-line message flows onto further pages with every line printed', async () => {
    const lines = Array.from({ length: 200 }, (_, i) => `Message line ${i + 1} of 200.`);
    const { totalPages, pages, all } = await render({ offer: offer({ message: lines.join('\n') }) });
    // The header and the table take ~250 pt of page 1; 200 lines at 11 pt are ~2,200 pt, ~740 pt a page.
    expect(totalPages).toBe(4);
    for (const line of lines) expect(all).toContain(line);
    expect(all.indexOf('Message line 200 of 200.')).toBeGreaterThan(all.indexOf('Message line 1 of 200.'));
    // The terms follow the message, and every page says which page it is.
    expect(all).toContain(DEFAULT_SITE_SETTINGS.quoteTerms[4]!);
    pages.forEach((text, i) => expect(text).toContain(`page ${i + 1} of 4`));
  });

  test('a 2,000-line offer prints every line, paged, each page numbered (issue 29)', async () => {
    const lines = Array.from({ length: 2000 }, (_, i) => offeredLine({ itemId: i + 1, partNumber: `HX-M8-${String(i + 1).padStart(4, '0')}` }));
    const { totalPages, pages, all } = await render({ offer: offer({ lines, totalCents: 2000 * 12000 }) });
    expect(totalPages).toBeGreaterThan(30);
    for (const n of [1, 999, 2000]) expect(all).toContain(`HX-M8-${String(n).padStart(4, '0')}`);
    expect(all.indexOf('HX-M8-2000')).toBeGreaterThan(all.indexOf('HX-M8-1999'));
    pages.forEach((text, i) => expect(text).toContain(`page ${i + 1} of ${totalPages}`));
  });

  test('long unbroken part numbers, descriptions and notes wrap in their columns instead of a character a line', async () => {
    const lines = Array.from({ length: 10 }, (_, i) =>
      offeredLine({ itemId: i + 1, partNumber: `P-${i}-${'X'.repeat(80)}`, name: 'D'.repeat(200), note: 'n'.repeat(200) }),
    );
    const { totalPages, all } = await render({ offer: offer({ lines }) });
    // Each line is ~25 text lines high at most: ten fit on three pages (before: 31 pages).
    expect(totalPages).toBeLessThanOrEqual(3);
    expect(squeeze(all)).toContain('D'.repeat(200));
  });
});
