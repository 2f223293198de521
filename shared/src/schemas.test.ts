import { MAX_ATTACHMENT_BYTES, MAX_PART_SPECIFICATIONS, MAX_PASSWORD, MAX_USERNAME, MIN_PASSWORD, MIN_USERNAME, PRICE_DECIMALS, PRICE_STEP } from './constants';
import { attachmentTooLargeMessage } from './attachment-messages';
import { describe, expect, it } from 'vitest';
import {
  categoryInputSchema,
  columnMappingSchema,
  loginInputSchema,
  partInputSchema,
  partsQuerySchema,
  quoteFormSchema,
  quoteSubmissionSchema,
  passwordSchema,
  priceSchema,
  registerInputSchema,
  specificationsSchema,
  usernameSchema,
} from './schemas';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('account schemas use the spec’s messages', () => {
  it('login', () => {
    expect(messages(loginInputSchema.safeParse({ username: 'ab', password: '12345' }))).toEqual([
      'Username must be at least 3 characters',
      'Password must be at least 6 characters',
    ]);
    expect(loginInputSchema.safeParse({ username: 'abc', password: '123456' }).success).toBe(true);
  });

  it('register: optional e-mail must be valid; empty optional fields are dropped', () => {
    expect(messages(registerInputSchema.safeParse({ username: 'abc', password: '123456', email: 'nope' }))).toEqual(['Please enter a valid email']);
    const ok = registerInputSchema.parse({ username: 'abc', password: '123456', email: '', name: '  ' });
    expect(ok.email).toBeUndefined();
    expect(ok.name).toBeUndefined();
  });
});

describe('quote form', () => {
  it('requires a 2-character name and a valid e-mail', () => {
    expect(messages(quoteFormSchema.safeParse({ customerName: 'A', customerEmail: 'x@' }))).toEqual(['Name is required', 'Invalid email address']);
  });

  it('a submission needs at least one item with an integer quantity of 1 or more', () => {
    const base = { customerName: 'Ann Lee', customerEmail: 'ann@example.com' };
    expect(quoteSubmissionSchema.safeParse({ ...base, items: [] }).success).toBe(false);
    expect(quoteSubmissionSchema.safeParse({ ...base, items: [{ partId: 1, quantity: 0 }] }).success).toBe(false);
    expect(quoteSubmissionSchema.safeParse({ ...base, items: [{ partId: 1, quantity: 1.5 }] }).success).toBe(false);
    const ok = quoteSubmissionSchema.parse({ ...base, items: [{ partId: '7', quantity: '3' }] });
    expect(ok.items).toEqual([{ partId: 7, quantity: 3 }]);
    expect(ok.attachmentKeys).toEqual([]);
  });
});

describe('catalogue inputs', () => {
  it('category: name and slug required, parent 0/empty means none', () => {
    expect(categoryInputSchema.safeParse({ name: '', slug: '' }).success).toBe(false);
    expect(categoryInputSchema.parse({ name: 'Valves', slug: 'valves', parentId: 0 }).parentId).toBeNull();
    expect(categoryInputSchema.safeParse({ name: 'Valves', slug: 'Not A Slug' }).success).toBe(false);
  });

  it('part: price empty is null, negative refused, status defaults to active', () => {
    const base = { name: 'Cylinder', partNumber: 'CDQ2B32-50DZ', slug: 'cylinder', categoryId: 1, manufacturerId: 2 };
    const parsed = partInputSchema.parse({ ...base, price: '' });
    expect(parsed.price).toBeNull();
    expect(parsed.status).toBe('active');
    expect(partInputSchema.safeParse({ ...base, price: -1 }).success).toBe(false);
    expect(partInputSchema.safeParse({ ...base, categoryId: 0 }).success).toBe(false);
    expect(partInputSchema.parse({ ...base, price: '12.50' }).price).toBe(12.5);
  });

  it('part: a price typed as text is read by the money reader (issue 25)', () => {
    const base = { name: 'Cylinder', partNumber: 'CDQ2B32-50DZ', slug: 'cylinder', categoryId: 1, manufacturerId: 2 };
    const price = (p: unknown) => partInputSchema.safeParse({ ...base, price: p });
    expect(price('12,50').data?.price).toBe(12.5);
    expect(price('$1,234.56').data?.price).toBe(1234.56);
    expect(price('1.234,56').data?.price).toBe(1234.56);
    expect(price('1 234,5 USD').data?.price).toBe(1234.5);
    expect(price(12.5).data?.price).toBe(12.5);
    expect(price('1,234').error?.issues.map((i) => i.message)).toEqual([
      '“1,234” could be $1,234.00 or $1.234: type 1234 (this price keeps at most 2 decimals)',
    ]);
    expect(price('12,345').error?.issues[0]?.message).toMatch(/could be \$12,345\.00 or \$12\.345/);
    expect(price('12,505').success).toBe(false);
    expect(price('1,2345').error?.issues[0]?.message).toBe('Use at most 2 decimals');
    expect(price('-5').error?.issues[0]?.message).toBe('Price must be 0 or more');
    expect(price('cheap').error?.issues[0]?.message).toBe('“cheap” is not a price; enter one like 12.50');
    expect(price('€12').error?.issues[0]?.message).toBe('Enter the price in US dollars');
  });
});

describe('listing query', () => {
  it('defaults and bounds', () => {
    expect(partsQuerySchema.parse({})).toMatchObject({ page: 1, pageSize: 9, sortBy: 'relevance', sortOrder: 'asc' });
    expect(partsQuerySchema.safeParse({ page: 0 }).success).toBe(false);
    expect(partsQuerySchema.safeParse({ pageSize: 101 }).success).toBe(false);
    expect(partsQuerySchema.safeParse({ categoryIds: ['x'] }).success).toBe(false);
    expect(partsQuerySchema.safeParse({ specifications: { bore: { min: 50, max: 10 } } }).success).toBe(false);
    expect(partsQuerySchema.safeParse({ sortOrder: 'up' }).success).toBe(false);
  });
});

describe('column mapping', () => {
  it('needs name and partNumber; accepts spec columns', () => {
    expect(columnMappingSchema.safeParse({ Title: 'name' }).success).toBe(false);
    expect(columnMappingSchema.safeParse({ Title: 'name', PN: 'partNumber', Bore: 'spec:bore' }).success).toBe(true);
    expect(columnMappingSchema.safeParse({ Title: 'name', PN: 'partNumber', X: 'password' }).success).toBe(false);
  });
});

describe('default messages', () => {
  it('a missing required value reads Required', () => {
    expect(messages(categoryInputSchema.safeParse({ slug: 'valves' }))).toEqual(['Required']);
  });
});

describe('limits named in messages are the enforced constants', () => {
  const firstMessage = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) =>
    schema.safeParse(value).error?.issues[0]?.message;

  it('usernames, passwords, prices, specifications and attachments', () => {
    expect(firstMessage(usernameSchema, 'x'.repeat(MIN_USERNAME - 1))).toBe(`Username must be at least ${MIN_USERNAME} characters`);
    expect(firstMessage(usernameSchema, 'x'.repeat(MAX_USERNAME + 1))).toBe(`Username must be at most ${MAX_USERNAME} characters`);
    expect(firstMessage(passwordSchema, 'x'.repeat(MIN_PASSWORD - 1))).toBe(`Password must be at least ${MIN_PASSWORD} characters`);
    expect(firstMessage(passwordSchema, 'x'.repeat(MAX_PASSWORD + 1))).toBe(`Password must be at most ${MAX_PASSWORD} characters`);
    expect(firstMessage(priceSchema, PRICE_STEP / 10)).toBe(`Use at most ${PRICE_DECIMALS} decimals`);
    const specs = Object.fromEntries(Array.from({ length: MAX_PART_SPECIFICATIONS + 1 }, (_, i) => [`k${i}`, 'v']));
    expect(firstMessage(specificationsSchema, specs)).toBe(`At most ${MAX_PART_SPECIFICATIONS} specifications`);
    expect(attachmentTooLargeMessage('a.pdf')).toBe(`a.pdf exceeds the ${MAX_ATTACHMENT_BYTES / 1024 / 1024}MB limit.`);
  });
});
