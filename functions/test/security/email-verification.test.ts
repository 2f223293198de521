import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import type { QuoteRequest } from '@parts/shared/schemas';
import { DEFAULT_SITE_SETTINGS } from '@parts/shared/site-settings';
import { buildPartInput, createCatalogFixture, unique } from '../support/builders';
import { createApi, expectRejected, reportRejected, sessionCookie, type Api } from '../api/api-helpers';
import { startTestMail, verificationToken, type TestMail } from '../support/mail';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { hashPassword } from '../../src/modules/accounts/password';
import { keys } from '../../src/adapters/dynamodb/keys';
import { HELD_MAIL_DAYS } from '../../src/modules/mail/ports/outbox';

/**
 * Issue 26, item 2: the shop mails only whom it should. Mails go through the real path: outbox in
 * DynamoDB Local, the outbox worker, SMTP to MailDev; the test reads MailDev's inbox.
 */
let api: Api;
let mail: TestMail;
let partId: number;
let clock = new Date('2026-05-04T08:00:00Z').getTime();

beforeAll(async () => {
  mail = await startTestMail();
  api = await createApi((deps) => ({ mailQueue: mail.queueFor(deps), now: () => new Date(clock) }));
  const { category, manufacturer } = await createCatalogFixture(api.deps.catalog);
  partId = (await api.deps.catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id }))).id;
});
afterAll(async () => {
  reportRejected('email-verification.test.ts');
  await api?.close();
  await mail?.stop();
});

async function register(email?: string) {
  const username = unique('buyer');
  const res = await api.call('POST', '/api/auth/register', { json: { username, password: 'secret1', ...(email ? { email } : {}) } });
  expect(res.status, await res.clone().text()).toBe(201);
  return { username, cookie: sessionCookie(res), user: (await res.json()) as { email?: string; emailVerified?: boolean } };
}

const submit = (cookie: string, fields: Record<string, unknown> = {}) =>
  api.call('POST', '/api/quote-requests', {
    cookie,
    json: { customerName: 'Ada Lovelace', customerEmail: 'ada@example.com', items: [{ partId, quantity: 1 }], ...fields },
  });

const verify = (token: string) => api.call('POST', '/api/auth/verify-email', { json: { token } });
const me = async (cookie: string) => (await (await api.call('GET', '/api/auth/me', { cookie })).json()) as { email?: string; emailVerified?: boolean };
const address = () => `${unique('inbox')}@example.com`;

/** The account's pointers to its held mails, as stored. */
async function heldItems(username: string) {
  const res = await api.deps.doc.send(
    new QueryCommand({
      TableName: api.deps.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :held)',
      ExpressionAttributeValues: { ':pk': keys.heldMail(username, '').pk, ':held': 'HELDMAIL#' },
      ConsistentRead: true,
    }),
  );
  return (res.Items ?? []) as { mailId: string; heldAt: string; expiresAt?: number }[];
}

describe('e-mail verification at registration', () => {
  test('registering with an e-mail sends a confirmation link; the link confirms the address once', async () => {
    const email = address();
    const { cookie, user } = await register(email);
    expect(user).toMatchObject({ email, emailVerified: false });
    const [sent, ...more] = await mail.mailsTo(email, { atLeast: 1 });
    expect(more).toHaveLength(0);
    expect(sent!.subject).toBe('Confirm your e-mail address');
    expect(sent!.text).toContain(`${DEFAULT_SITE_SETTINGS.siteUrl}/account/verify-email?token=`);
    const token = verificationToken(sent);

    const res = await verify(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: 'Your e-mail address is confirmed.', email });
    expect(await me(cookie)).toMatchObject({ email, emailVerified: true });
    // A link works once; a made-up one never.
    await expectRejected(verify(token), 400, 'This confirmation link is not valid or has expired. Ask for a new one.');
    await expectRejected(verify('x'.repeat(43)), 400, 'This confirmation link is not valid or has expired. Ask for a new one.');
    await expectRejected(api.call('POST', '/api/auth/verify-email', { json: { token: 'a\nb' } }), 400);
  });

  test('a link older than three days is refused; a new one can be asked for, and the old one stops working', async () => {
    const email = address();
    const { username } = await register(email);
    const first = verificationToken((await mail.mailsTo(email, { atLeast: 1 }))[0]);
    clock += 3 * 24 * 60 * 60 * 1000 + 1000;
    await expectRejected(verify(first), 400, 'This confirmation link is not valid or has expired. Ask for a new one.');

    // Three days on, the buyer signs in again and asks for a new link.
    const cookie = sessionCookie(await api.call('POST', '/api/auth/login', { json: { username, password: 'secret1' } }));
    const res = await api.call('POST', '/api/auth/verification-mail', { cookie, json: {} });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: `We sent a confirmation link to ${email}.` });
    const mails = await mail.mailsTo(email, { atLeast: 2 });
    expect(mails).toHaveLength(2);
    // Asking for another link ends the one before it.
    expect((await api.call('POST', '/api/auth/verification-mail', { cookie, json: {} })).status).toBe(202);
    const [, second, third] = await mail.mailsTo(email, { atLeast: 3 });
    await expectRejected(verify(verificationToken(second)), 400, 'This confirmation link is not valid or has expired. Ask for a new one.');
    expect((await verify(verificationToken(third))).status).toBe(200);
    await expectRejected(api.call('POST', '/api/auth/verification-mail', { cookie, json: {} }), 409, 'Your e-mail address is already confirmed.');
  });

  test('an account without an e-mail gives one and confirms it; a guest cannot ask for links', async () => {
    const { cookie, user } = await register();
    expect(user.emailVerified).toBe(false);
    await expectRejected(api.call('POST', '/api/auth/verification-mail', { cookie, json: {} }), 400, 'Enter your e-mail address');
    await expectRejected(api.call('POST', '/api/auth/verification-mail', { cookie, json: { email: 'not-an-email' } }), 400, 'Please enter a valid email');
    await expectRejected(api.call('POST', '/api/auth/verification-mail', { json: { email: address() } }), 401);
    const email = address();
    expect((await api.call('POST', '/api/auth/verification-mail', { cookie, json: { email } })).status).toBe(202);
    expect((await verify(verificationToken((await mail.mailsTo(email, { atLeast: 1 }))[0]))).status).toBe(200);
    expect(await me(cookie)).toMatchObject({ email, emailVerified: true });
  });

  test('confirmation mails are limited per account, with Retry-After', async () => {
    const { cookie } = await register(address());
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 6; i++) {
      const res = await api.call('POST', '/api/auth/verification-mail', { cookie, json: {} });
      statuses.push(res.status);
      if (res.status === 429) refused = res;
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    await expectRejected(refused!, 429, /^Too many confirmation mails\. Try again in \d+ minutes\.$/);
  });
});

describe('quote confirmations go to the account\u2019s confirmed address only', () => {
  test('a buyer cannot make the shop mail a stranger: the form\u2019s e-mail is kept as data and shown to the reseller', async () => {
    const own = address();
    const stranger = address();
    const { cookie } = await register(own);
    expect((await verify(verificationToken((await mail.mailsTo(own, { atLeast: 1 }))[0]))).status).toBe(200);
    const res = await submit(cookie, { customerEmail: stranger, customerName: 'Security Team' });
    expect(res.status).toBe(201);
    const quote = (await res.json()) as QuoteRequest;
    expect(quote.customerEmail).toBe(stranger);

    expect(await mail.mailsTo(stranger)).toHaveLength(0);
    const mine = (await mail.mailsTo(own)).filter((m) => m.subject === `We received your quote request #${quote.id}`);
    expect(mine).toHaveLength(1);
    const reseller = (await mail.mailsTo(DEFAULT_SITE_SETTINGS.quotesEmail)).find((m) => m.subject === `New quote request #${quote.id} from Security Team`);
    expect(reseller?.text).toContain(`<${stranger}>`);
    expect(reseller?.text).toContain(`Account e-mail: ${own} (confirmed)`);
  });

  test('an unconfirmed buyer can submit; the confirmation waits and is sent once the address is confirmed', async () => {
    const own = address();
    const { cookie } = await register(own);
    const token = verificationToken((await mail.mailsTo(own, { atLeast: 1 }))[0]);
    const quote = (await (await submit(cookie, { customerEmail: own })).json()) as QuoteRequest;
    expect(quote.id).toBeGreaterThan(0);
    const confirmation = `We received your quote request #${quote.id}`;
    expect((await mail.mailsTo(own)).filter((m) => m.subject === confirmation)).toHaveLength(0);
    const reseller = (await mail.mailsTo(DEFAULT_SITE_SETTINGS.quotesEmail)).find((m) => m.subject.startsWith(`New quote request #${quote.id} `));
    expect(reseller?.text).toContain(`Account e-mail: ${own} (not confirmed yet)`);

    expect((await verify(token)).status).toBe(200);
    expect((await mail.mailsTo(own)).filter((m) => m.subject === confirmation)).toHaveLength(1);
    // Sent once: confirming again (a new link) sends nothing more.
    expect((await mail.mailsTo(own)).filter((m) => m.subject === confirmation)).toHaveLength(1);
  });

  test('the reseller\u2019s own mails to a buyer follow the same rule', async () => {
    const own = address();
    const stranger = address();
    const admin = await api.admin();
    const { cookie } = await register(own);
    const quote = (await (await submit(cookie, { customerEmail: stranger })).json()) as QuoteRequest;
    const sent = await api.call('POST', `/api/quote-requests/${quote.id}/messages`, { cookie: admin.cookie, json: { body: 'Which bore do you need?' } });
    expect(sent.status).toBe(201);
    expect(await mail.mailsTo(stranger)).toHaveLength(0);
    expect((await verify(verificationToken((await mail.mailsTo(own, { atLeast: 1 }))[0]))).status).toBe(200);
    const subjects = (await mail.mailsTo(own)).map((m) => m.subject);
    expect(subjects).toEqual(expect.arrayContaining([`We received your quote request #${quote.id}`, `New message about your quote request #${quote.id}`]));
    expect(await mail.mailsTo(stranger)).toHaveLength(0);
  });
});

describe('accounts from before this change (ADR 096)', () => {
  test('an administrator set up with an e-mail counts as confirmed; an older buyer without the flag confirms on request', async () => {
    const adminName = unique('boss');
    const adminEmail = address();
    await api.deps.users.upsertAdmin({ username: adminName, email: adminEmail, isAdmin: true, passwordHash: await hashPassword('admin123') });
    expect((await api.deps.users.getUserByUsername(adminName))?.emailVerifiedAt).toBeTruthy();

    // An account written before verification existed: an e-mail, no verification.
    const old = unique('old');
    const oldEmail = address();
    await api.deps.users.createUser({ username: old, email: oldEmail, isAdmin: false, passwordHash: await hashPassword('secret1') });
    const login = await api.call('POST', '/api/auth/login', { json: { username: old, password: 'secret1' } });
    const cookie = sessionCookie(login);
    expect(await me(cookie)).toMatchObject({ email: oldEmail, emailVerified: false });
    expect((await api.call('POST', '/api/auth/verification-mail', { cookie, json: {} })).status).toBe(202);
    expect((await verify(verificationToken((await mail.mailsTo(oldEmail, { atLeast: 1 }))[0]))).status).toBe(200);
  });
});

describe('held mails do not pile up (ADR 096)', () => {
  test(`held mails expire after ${HELD_MAIL_DAYS} days: confirming later sends nothing old, and the held items carry the table's TTL`, async () => {
    const own = address();
    const { username, cookie } = await register(own);
    const login = async () => sessionCookie(await api.call('POST', '/api/auth/login', { json: { username, password: 'secret1' } }));
    const quote = (await (await submit(cookie, { customerEmail: own })).json()) as QuoteRequest;
    const confirmation = `We received your quote request #${quote.id}`;
    expect((await mail.mailsTo(own)).filter((m) => m.subject === confirmation)).toHaveLength(0);

    // Both the mail and the account's pointer to it expire (epoch seconds, the table's TTL attribute).
    const held = await heldItems(username);
    expect(held.length).toBeGreaterThan(0);
    const heldAt = Date.parse(held[0]!.heldAt);
    const expiry = Math.floor(heldAt / 1000) + HELD_MAIL_DAYS * 24 * 3600;
    for (const item of held) {
      expect(item.expiresAt).toBe(expiry);
      expect(await api.deps.outbox.get(item.mailId)).toMatchObject({ heldAt: item.heldAt, expiresAt: expiry });
    }

    // A day past the expiry (DynamoDB may not have deleted them yet): confirming sends none of them.
    // The outbox worker holds on the machine's clock, the app confirms on the test's: jump the test's clock past
    // the expiry for this test only.
    const before = clock;
    clock = Math.max(clock, heldAt + (HELD_MAIL_DAYS + 1) * 24 * 3600 * 1000);
    onTestFinished(() => {
      clock = before;
    });
    const cookie2 = await login();
    expect((await api.call('POST', '/api/auth/verification-mail', { cookie: cookie2, json: {} })).status).toBe(202);
    const links = await mail.mailsTo(own);
    expect((await verify(verificationToken(links.at(-1)!))).status).toBe(200);
    expect(await me(cookie2)).toMatchObject({ emailVerified: true });
    expect((await mail.mailsTo(own)).filter((m) => m.subject === confirmation)).toHaveLength(0);

    // A new request's confirmation, now the address is confirmed, goes out as usual.
    const next = (await (await submit(cookie2, { customerEmail: own })).json()) as QuoteRequest;
    expect((await mail.mailsTo(own)).map((m) => m.subject)).toContain(`We received your quote request #${next.id}`);
  });
});
