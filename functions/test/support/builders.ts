import { randomUUID } from 'node:crypto';
import type { CategoryInput, ManufacturerInput, PartInput } from '@parts/shared/schemas';
import type { CatalogRepository } from '../../src/modules/catalog/ports/catalog-repository';
import type { NewQuoteRequest } from '../../src/modules/quotes/ports/quote-repository';
import type { NewUser } from '../../src/modules/accounts/ports/user-repository';

/** Test-data builders: every call yields unique slugs / part numbers / usernames; overrides win. */
let sequence = 0;
const run = randomUUID().slice(0, 6);
export const unique = (prefix: string) => `${prefix}-${run}-${++sequence}`;

export function buildCategoryInput(overrides: Partial<CategoryInput> = {}): CategoryInput {
  const slug = unique('category');
  return { name: `Category ${slug}`, slug, description: 'A test category', parentId: null, ...overrides };
}

export function buildManufacturerInput(overrides: Partial<ManufacturerInput> = {}): ManufacturerInput {
  const slug = unique('maker');
  return { name: `Maker ${slug}`, slug, description: 'A test manufacturer', ...overrides };
}

export function buildPartInput(overrides: Partial<PartInput> & Pick<PartInput, 'categoryId' | 'manufacturerId'>): PartInput {
  const slug = unique('part');
  return {
    name: `Part ${slug}`,
    slug,
    partNumber: `PN-${slug.toUpperCase()}`,
    description: 'A test part',
    status: 'active',
    specifications: { bore: '32 mm', stroke: '100 mm', pressureRating: '10 bar' },
    price: 12.5,
    ...overrides,
  };
}

export function buildNewUser(overrides: Partial<NewUser> = {}): NewUser {
  return { username: unique('user'), isAdmin: false, passwordHash: 'scrypt$16384$8$1$c2FsdA$aGFzaA', ...overrides };
}

export function buildNewQuoteRequest(overrides: Partial<NewQuoteRequest> = {}): NewQuoteRequest {
  return {
    customerName: 'Ada Lovelace',
    customerEmail: 'ada@example.com',
    status: 'pending',
    items: [{ partId: 1, partNumber: 'PN-1', name: 'Part one', slug: 'part-one', quantity: 2 }],
    attachments: [],
    createdBy: 'ada',
    ...overrides,
  };
}

/** A category and a manufacturer to hang parts on. */
export async function createCatalogFixture(catalog: CatalogRepository) {
  const [category, manufacturer] = await Promise.all([catalog.createCategory(buildCategoryInput()), catalog.createManufacturer(buildManufacturerInput())]);
  return { category, manufacturer };
}
