import { CURRENCY, PRICE_DECIMALS, SITE_NAME } from '@parts/shared/constants';
import { DEFAULT_SITE_SETTINGS } from '@parts/shared/site-settings';
import { specName } from '@parts/shared/spec-names';
import type { Category, Manufacturer, PartView } from '@parts/shared/schemas';

/**
 * What a server-rendered page says about itself in <head>: the title the page sets once hydrated
 * (the same strings as its useDocumentTitle), a description, the canonical URL, Open Graph and JSON-LD.
 */
export interface PageHead {
  title: string;
  description: string;
  /** Path (and query) of the canonical URL; the renderer adds the site's origin. Null for a page that has none (a 404). */
  canonicalPath: string | null;
  /** Listings with a search or filters are not worth indexing (endless combinations). */
  noindex?: boolean;
  ogType?: 'website' | 'product';
  image?: string;
  /** schema.org objects, one <script type="application/ld+json"> each. */
  jsonLd: object[];
}

const DEFAULT_DESCRIPTION = 'Industrial components from top manufacturers: millions of parts in one place.';

function partTitle(part: Pick<PartView, 'name' | 'manufacturer'>): string {
  return `${part.name} - ${part.manufacturer?.name ?? 'Unknown Manufacturer'} | ${SITE_NAME}`;
}

/** Breadcrumbs as schema.org BreadcrumbList; `path` undefined for the current page (its canonical URL is used). */
function breadcrumbList(origin: string, items: { name: string; path: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: `${origin}${item.path}` })),
  };
}

function organization(origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE_NAME,
    url: `${origin}/`,
    email: DEFAULT_SITE_SETTINGS.email,
    telephone: DEFAULT_SITE_SETTINGS.phone,
    address: DEFAULT_SITE_SETTINGS.addressLines.join(', '),
  };
}

function clip(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/**
 * A part as schema.org Product: brand, mpn, sku and its specifications as additionalProperty, and an
 * Offer with the part's list price where it has one. A part without a price gets no `offers` (it is
 * quoted on request): an invented offer would mislead, and Product stays valid without it.
 */
export function partHead(part: PartView, origin: string): PageHead {
  const path = `/part/${part.slug}`;
  const specs = Object.entries(part.specifications);
  const specText = specs
    .slice(0, 4)
    .map(([key, value]) => `${specName(key)} ${value}`)
    .join(', ');
  const description = clip(
    part.description ||
      `${part.name}, part number ${part.partNumber}${part.manufacturer ? ` by ${part.manufacturer.name}` : ''}${specText ? `: ${specText}` : ''}. Request a quote from ${SITE_NAME}.`,
  );
  const product: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: part.name,
    sku: part.partNumber,
    mpn: part.partNumber,
    url: `${origin}${path}`,
    description,
    additionalProperty: specs.map(([key, value]) => ({ '@type': 'PropertyValue', name: specName(key), value })),
  };
  if (part.manufacturer) product.brand = { '@type': 'Brand', name: part.manufacturer.name };
  if (part.category) product.category = part.category.name;
  if (part.image) product.image = part.image;
  if (part.price !== null) {
    // schema.org wants a plain decimal text (no currency sign, no thousands separator).
    product.offers = { '@type': 'Offer', price: part.price.toFixed(PRICE_DECIMALS), priceCurrency: CURRENCY, url: `${origin}${path}` };
  }
  const crumbs = [
    { name: 'Home', path: '/' },
    { name: 'Catalog', path: '/catalog' },
    ...(part.category ? [{ name: part.category.name, path: `/catalog/${part.category.slug}` }] : []),
    { name: part.name, path },
  ];
  return {
    title: partTitle(part),
    description,
    canonicalPath: path,
    ogType: 'product',
    ...(part.image ? { image: part.image } : {}),
    jsonLd: [product, breadcrumbList(origin, crumbs)],
  };
}

export interface ListingHeadInput {
  category?: Category;
  manufacturer?: Manufacturer;
  page: number;
  /** A search, filter or sort in the URL. */
  filtered: boolean;
  total?: number;
}

export function listingHead({ category, manufacturer, page, filtered, total }: ListingHeadInput, origin: string): PageHead {
  const heading = category?.name ?? manufacturer?.name ?? 'All Parts';
  const basePath = category ? `/catalog/${category.slug}` : manufacturer ? `/manufacturer/${manufacturer.slug}` : '/catalog';
  const counted = total !== undefined ? `${total.toLocaleString('en-US')} parts` : 'Parts';
  const description = clip(
    category?.description ||
      manufacturer?.description ||
      (category
        ? `${counted} in ${category.name}: compare specifications and request a quote from ${SITE_NAME}.`
        : manufacturer
          ? `${counted} from ${manufacturer.name}: compare specifications and request a quote from ${SITE_NAME}.`
          : `${counted} from top manufacturers: search by part number, name or manufacturer.`),
  );
  const crumbs = [{ name: 'Home', path: '/' }, { name: 'Catalog', path: '/catalog' }, ...(heading !== 'All Parts' ? [{ name: heading, path: basePath }] : [])];
  return {
    title: `${heading} | ${SITE_NAME}`,
    description,
    canonicalPath: page > 1 ? `${basePath}?page=${page}` : basePath,
    ...(filtered ? { noindex: true } : {}),
    jsonLd: [breadcrumbList(origin, crumbs)],
  };
}

/** Pages whose head does not depend on data. */
export function staticHead(routeId: string, origin: string): PageHead {
  const simple = (title: string, path: string, description = DEFAULT_DESCRIPTION, crumb?: string): PageHead => ({
    title,
    description,
    canonicalPath: path,
    jsonLd: crumb
      ? [
          breadcrumbList(origin, [
            { name: 'Home', path: '/' },
            { name: crumb, path },
          ]),
        ]
      : [],
  });
  switch (routeId) {
    case 'home':
      return { ...simple(`${SITE_NAME} | Industrial Components from Top Manufacturers`, '/'), jsonLd: [organization(origin)] };
    case 'manufacturers':
      return simple(`Manufacturers Directory | ${SITE_NAME}`, '/manufacturers', `Browse parts by the manufacturers ${SITE_NAME} carries.`, 'Manufacturers');
    case 'support':
      return simple(
        `Technical Support & Resources | ${SITE_NAME}`,
        '/support',
        'Answers, documentation and ways to reach our support team.',
        'Technical Support & Resources',
      );
    case 'contact':
      return simple(`Contact Us | ${SITE_NAME}`, '/contact', `How to reach ${SITE_NAME}.`, 'Contact Us');
    case 'privacy':
      return simple(`Privacy Policy | ${SITE_NAME}`, '/privacy', `How ${SITE_NAME} handles your data.`, 'Privacy Policy');
    case 'terms':
      return simple(`Terms of Service | ${SITE_NAME}`, '/terms', `The terms of using ${SITE_NAME}.`, 'Terms of Service');
    case 'cookies':
      return simple(`Cookie Policy | ${SITE_NAME}`, '/cookies', `The cookies ${SITE_NAME} uses.`, 'Cookie Policy');
    default:
      // A missing page is nobody's copy: no canonical link (one to / would tell crawlers the 404 is the home page).
      return { ...simple(`404 Page Not Found | ${SITE_NAME}`, '/'), canonicalPath: null, noindex: true };
  }
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c]!);

const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON inside <script>: nothing in it can close the element or start a comment (one pass over the page's state). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);
}

/** The <head> tags of a page. */
export function headTags(head: PageHead, origin: string): string {
  const url = head.canonicalPath === null ? null : `${origin}${head.canonicalPath}`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    url === null ? '' : `<link rel="canonical" href="${escapeHtml(url)}" />`,
    head.noindex ? '<meta name="robots" content="noindex, follow" />' : '',
    `<meta property="og:site_name" content="${escapeHtml(SITE_NAME)}" />`,
    `<meta property="og:type" content="${head.ogType ?? 'website'}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    url === null ? '' : `<meta property="og:url" content="${escapeHtml(url)}" />`,
    head.image ? `<meta property="og:image" content="${escapeHtml(head.image)}" />` : '',
    `<meta name="twitter:card" content="summary" />`,
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ];
  return tags.filter(Boolean).join('\n    ');
}
