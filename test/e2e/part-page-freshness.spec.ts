import type { APIRequestContext } from '@playwright/test';
import type { Category, Manufacturer, PartView } from '@parts/shared/schemas';
import { expect, test } from './support/test';
import { loginAdmin, uniqueName } from './support/e2e-helpers';

/**
 * The part page is served from the part's search document (ADR 086): an admin who edits a part and
 * loads its page sees the change, in the server-rendered HTML and after hydration.
 */
test.describe('part page after an admin edit', () => {
  let admin: APIRequestContext;

  test.beforeEach(async ({ playwright, baseURL }) => {
    admin = await playwright.request.newContext({ baseURL: baseURL! });
    await loginAdmin(admin);
  });
  test.afterEach(async () => {
    await admin.dispose();
  });

  async function created<T>(path: string, data: Record<string, unknown>): Promise<T> {
    const res = await admin.post(path, { data });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as T;
  }

  async function put(path: string, data: Record<string, unknown>) {
    const res = await admin.put(path, { data });
    expect(res.status(), await res.text()).toBe(200);
  }

  test('the next load shows the new name, slug, specifications and manufacturer name; the old slug is not found', async ({ page, request }) => {
    const tag = uniqueName('fresh');
    const category = await created<Category>('/api/categories', { name: `Fresh category ${tag}`, slug: `fresh-category-${tag}` });
    const maker = await created<Manufacturer>('/api/manufacturers', { name: `Fresh maker ${tag}`, slug: `fresh-maker-${tag}` });
    const body = {
      name: `Fresh valve ${tag}`,
      slug: `fresh-valve-${tag}`,
      partNumber: `FRESH-${tag.toUpperCase()}`,
      description: 'Before the edit',
      status: 'active',
      categoryId: category.id,
      manufacturerId: maker.id,
      specifications: { bore: '32 mm' },
      price: null,
    };
    const part = await created<PartView>('/api/parts', body);
    await page.goto(`/part/${body.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: body.name })).toBeVisible();

    const edited = { ...body, name: `Edited valve ${tag}`, slug: `edited-valve-${tag}`, specifications: { stroke: '125 mm' } };
    await put(`/api/parts/${part.id}`, edited);
    await put(`/api/manufacturers/${maker.id}`, { name: `Renamed maker ${tag}`, slug: maker.slug });

    // The HTML a crawler gets, without JavaScript.
    const html = await (await request.get(`/part/${edited.slug}`)).text();
    expect(html).toContain(edited.name);
    expect(html).toContain(`Renamed maker ${tag}`);
    expect(html).toContain('125 mm');

    const res = await page.goto(`/part/${edited.slug}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: edited.name })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: `Renamed maker ${tag}` })).toHaveAttribute('href', `/manufacturer/${maker.slug}`);
    await expect(page.getByText('125 mm')).toBeVisible();

    const gone = await page.goto(`/part/${body.slug}`);
    expect(gone?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Part Not Found' })).toBeVisible();
  });
});
