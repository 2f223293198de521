import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { PartListResponse, PartView, User } from '@parts/shared/schemas';
import { QUOTE_STORAGE_KEY } from '@parts/shared/constants';

export const ADMIN_USERNAME = process.env.ADMIN_USERNAME ?? 'admin';
export const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'admin123';

export function uniqueName(prefix: string): string {
  return `${prefix}${randomUUID().replace(/-/g, '').slice(0, 10)}`;
}

export async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.ok(), `${url} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * How many parts the run's server seeded (playwright.config.ts), every one of them listed: the floor of the all-parts
 * count a page shows. Not the count the API gave a moment ago: other specs import parts meanwhile, and the page's own
 * answer may come from the page cache up to a minute (the API) or five (a rendered page) old, as from CloudFront (ADR 134).
 */
export const SEEDED_PARTS = Number(process.env.E2E_SEED_PARTS);

export async function listParts(request: APIRequestContext, query: Record<string, string | string[]>): Promise<PartListResponse> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, v);
  }
  return getJson<PartListResponse>(request, `/api/parts?${search.toString()}`);
}

/** A seeded part with a manufacturer and a category, picked from the live listing. */
export async function somePart(request: APIRequestContext, index = 0): Promise<PartView> {
  const list = await listParts(request, { pageSize: '20', sortBy: 'partNumber' });
  const withRelations = list.data.filter((p) => p.manufacturer && p.category);
  const part = withRelations[index % withRelations.length];
  if (!part) throw new Error('The seeded catalogue has no parts');
  return part;
}

/** Registers a fresh customer through the API; the page's context shares the cookie. */
export async function registerViaApi(
  request: APIRequestContext,
  options: { withEmail?: boolean } = {},
): Promise<{ username: string; password: string; email: string; user: User }> {
  const username = uniqueName('cust');
  const password = 'secret-pass-1';
  const email = `${username}@example.com`;
  const response = await request.post('/api/auth/register', { data: { username, password, isAdmin: false, ...(options.withEmail ? { email } : {}) } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return { username, password, email, user: (await response.json()) as User };
}

/** The local mail catcher's (MailDev's) web inbox, started by the e2e server. */
const INBOX_URL = `http://127.0.0.1:${process.env.E2E_MAIL_WEB_PORT}`;

export interface CaughtMail {
  subject: string;
  text?: string;
  to: { address: string }[];
}

/** The mails the catcher holds for one address. */
export async function mailsTo(request: APIRequestContext, address: string): Promise<CaughtMail[]> {
  const response = await request.get(`${INBOX_URL}/email`);
  expect(response.ok(), `the mail inbox answered ${response.status()}`).toBe(true);
  const all = (await response.json()) as CaughtMail[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
}

/** Waits for the confirmation mail to `address` and answers its link (ADR 096). */
export async function confirmationLink(request: APIRequestContext, address: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(request, address)).find((m) => m.subject === 'Confirm your e-mail address');
        link = /(https?:\/\/\S+\/account\/verify-email\?token=[\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
        return link;
      },
      { message: `a confirmation mail to ${address}`, timeout: 20_000 },
    )
    .not.toBe('');
  return link;
}

/** Confirms a buyer's address the way the web page does, with the token of the mailed link. */
export async function confirmEmailViaInbox(request: APIRequestContext, address: string): Promise<void> {
  const token = new URL(await confirmationLink(request, address)).searchParams.get('token');
  const response = await request.post('/api/auth/verify-email', { data: { token } });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Signs `request` (a page's or its own context) in as the administrator. Both workers sign in as the one
 * admin from one address; a burst meets the login back-off (429 with Retry-After, 1 s at first), which a
 * person would wait out: try again until the login is accepted.
 */
export async function loginAdmin(request: APIRequestContext): Promise<void> {
  await expect
    .poll(async () => (await request.post('/api/auth/login', { data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD } })).status(), {
      message: 'admin login',
      intervals: [1_000, 2_000, 4_000, 8_000],
      timeout: 40_000,
    })
    .toBe(200);
}

/** An admin session in its own request context (so it never leaks into the page). */
export async function adminGet<T>(
  playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } },
  baseURL: string,
  url: string,
): Promise<T> {
  const admin = await playwright.request.newContext({ baseURL });
  try {
    await loginAdmin(admin);
    return await getJson<T>(admin, url);
  } finally {
    await admin.dispose();
  }
}

export async function readBasket(page: Page): Promise<unknown> {
  return page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? 'null'), QUOTE_STORAGE_KEY);
}

export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await expect(toast).toBeVisible();
  if (description !== undefined) await expect(toast).toContainText(description);
}
