import { describe, expect, it } from 'vitest';
import type { PartView } from '@parts/shared/schemas';
import { headTags, partHead, staticHead } from './seo';

const origin = 'https://parts.example';

function buildPart(overrides: Partial<PartView> = {}): PartView {
  return {
    id: 7,
    name: 'Ball Valve',
    slug: 'ball-valve-bv-2',
    partNumber: 'BV-2',
    status: 'active',
    categoryId: 1,
    manufacturerId: 2,
    specifications: { bore: '12 mm' },
    price: null,
    manufacturer: { name: 'Acme', slug: 'acme' },
    category: { name: 'Valves', slug: 'valves' },
    ...overrides,
  };
}

const product = (part: PartView) => partHead(part, origin).jsonLd.find((d) => (d as { '@type': string })['@type'] === 'Product') as Record<string, unknown>;

describe('part page Product JSON-LD', () => {
  it('carries an Offer with the price and currency when the part has a price', () => {
    expect(product(buildPart({ price: 1234.5 })).offers).toEqual({
      '@type': 'Offer',
      price: '1234.50',
      priceCurrency: 'USD',
      url: `${origin}/part/ball-valve-bv-2`,
    });
  });

  it('keeps a price of 0 (a real price), and gives no offers at all without a price', () => {
    expect(product(buildPart({ price: 0 })).offers).toMatchObject({ price: '0.00', priceCurrency: 'USD' });
    expect(product(buildPart({ price: null }))).not.toHaveProperty('offers');
  });
});

describe('canonical link', () => {
  it('a 404 page has none (nor og:url); other pages keep theirs', () => {
    const notFound = headTags(staticHead('not-found', origin), origin);
    expect(notFound).not.toContain('rel="canonical"');
    expect(notFound).not.toContain('og:url');
    expect(notFound).toContain('<meta name="robots" content="noindex, follow" />');
    expect(headTags(staticHead('home', origin), origin)).toContain(`<link rel="canonical" href="${origin}/" />`);
    expect(headTags(partHead(buildPart(), origin), origin)).toContain(`<link rel="canonical" href="${origin}/part/ball-valve-bv-2" />`);
  });
});
