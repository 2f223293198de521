import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Category, Manufacturer, PartView } from '@parts/shared/schemas';
import { loginAdmin, uniqueName } from './e2e-helpers';

/**
 * What a pointer user needs from a control: after scrolling the page vertically (never sideways),
 * it lies wholly inside the viewport and the point at its centre hits it (nothing covers it).
 */
export async function expectPointerReachable(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  await target.evaluate((el) => {
    const rect = el.getBoundingClientRect();
    // 'instant': the site scrolls smoothly, and the box must be read where the scroll ends.
    window.scrollBy({ top: rect.top - window.innerHeight / 2, behavior: 'instant' });
  });
  const viewport = page.viewportSize()!;
  const box = await target.boundingBox();
  expect(box, 'the control has a box').not.toBeNull();
  const description = `${JSON.stringify(box)} in ${viewport.width}x${viewport.height}`;
  expect(box!.x, description).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, description).toBeLessThanOrEqual(viewport.width);
  expect(box!.y, description).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, description).toBeLessThanOrEqual(viewport.height);
  const hit = await target.evaluate((el) => {
    const rect = el.getBoundingClientRect();
    const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return top !== null && (top === el || el.contains(top));
  });
  expect(hit, `nothing covers the control (${description})`).toBe(true);
}

/** The page scrolls only downwards: nothing is wider than the viewport. */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * Elements that scroll sideways inside the page (a table wider than its box): what a phone user cannot see
 * without a sideways swipe, though the page itself fits. Described by tag, test id and aria-label.
 */
export async function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => {
        const overflow = getComputedStyle(el).overflowX;
        return (overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth + 1 && el.offsetParent !== null;
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : ''} (${el.scrollWidth} in ${el.clientWidth} px) ${el.textContent?.slice(0, 40) ?? ''}`,
      ),
  );
}

export interface LongNamedData {
  category: Category;
  manufacturer: Manufacturer;
  part: PartView;
}

/**
 * A category, a manufacturer and a part whose names are very long and whose part number is one long
 * unbroken token: the data every layout must survive. Created through the admin API in its own context.
 */
export async function createLongNamedPart(
  playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } },
  baseURL: string,
): Promise<LongNamedData> {
  const admin = await playwright.request.newContext({ baseURL });
  try {
    await loginAdmin(admin);
    const tag = uniqueName('');
    const category = await admin.post('/api/categories', {
      data: { name: `Heavy-Duty Hydraulic Cylinders and Accessories for Presses ${tag}`, slug: `long-category-${tag}` },
    });
    expect(category.status(), await category.text()).toBe(201);
    const manufacturer = await admin.post('/api/manufacturers', {
      data: { name: `Internationale Hydraulik- und Pneumatikwerke Gesellschaft ${tag}`, slug: `long-maker-${tag}` },
    });
    expect(manufacturer.status(), await manufacturer.text()).toBe(201);
    const c = (await category.json()) as Category;
    const m = (await manufacturer.json()) as Manufacturer;
    const part = await admin.post('/api/parts', {
      data: {
        name: `Hydraulic Tie-Rod Cylinder with Adjustable Cushioning, Magnetic Piston and Stainless Steel Rod for Heavy-Duty Press Applications DSBC-32-100-PPVA-N3-EXTRAORDINARILYLONGUNBROKENSEGMENT ${tag}`,
        partNumber: `LONGPN${tag.toUpperCase()}${'X9'.repeat(30)}`,
        slug: `long-part-${tag}`,
        description: 'A part with a very long name.',
        status: 'discontinued',
        categoryId: c.id,
        manufacturerId: m.id,
        specifications: { bore: '32 mm', rodDiameter: '12 mm', pressureRating: '160 bar' },
        price: 1234.5,
      },
    });
    expect(part.status(), await part.text()).toBe(201);
    return { category: c, manufacturer: m, part: (await part.json()) as PartView };
  } finally {
    await admin.dispose();
  }
}
