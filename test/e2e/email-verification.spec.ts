import { expect, test } from './support/test';
import { confirmationLink, mailsTo, registerViaApi, uniqueName } from './support/e2e-helpers';

test.describe('e-mail confirmation (issue 26)', () => {
  test('register with an e-mail → the confirmation mail arrives in the catcher → its link confirms the address', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const username = uniqueName('verify');
    const email = `${username}@example.com`;
    await page.goto('/auth');
    await page.getByRole('tabpanel', { name: 'Login' }).getByRole('button', { name: 'Register' }).click();
    const register = page.getByRole('tabpanel', { name: 'Register' });
    await register.getByLabel('Username').fill(username);
    await register.getByLabel('Email (optional)').fill(email);
    await register.getByLabel('Password').fill('pass-word-9');
    await register.getByRole('button', { name: 'Register' }).click();
    // Registration now also writes the confirmation link and its mail: on a loaded machine it takes a while.
    await expect(page.getByTestId('toast').filter({ hasText: 'Registration successful' })).toContainText(`Welcome, ${username}!`, { timeout: 30_000 });

    // Not confirmed yet: the account page says so and offers a new link.
    await page.goto('/account/verify-email');
    await expect(page.getByTestId('email-status')).toContainText(`${email} is not confirmed yet.`);
    await expect(page.getByRole('button', { name: 'Send confirmation link' })).toBeVisible();

    const link = await confirmationLink(page.request, email);
    expect(new URL(link).origin).toBe(new URL(baseURL!).origin);

    // The link works in any browser, signed in or not.
    const elsewhere = await browser.newContext({ baseURL });
    try {
      const other = await elsewhere.newPage();
      await other.goto(new URL(link).pathname + new URL(link).search);
      await expect(other.getByRole('status').filter({ hasText: 'Your e-mail address is confirmed.' })).toContainText(
        `Your e-mail address is confirmed. The mails about your quote requests go to ${email}`,
        { timeout: 30_000 },
      );
      // Once only.
      await other.reload();
      await expect(other.getByRole('alert')).toHaveText('This confirmation link is not valid or has expired. Ask for a new one.', { timeout: 30_000 });
      await expect(other.getByRole('link', { name: 'Log in to ask for a new link' })).toBeVisible();
    } finally {
      await elsewhere.close();
    }

    await page.goto('/account/verify-email');
    await expect(page.getByTestId('email-status')).toContainText(`${email} is confirmed.`);
    const me = (await (await page.request.get('/api/auth/me')).json()) as { emailVerified?: boolean };
    expect(me.emailVerified).toBe(true);
  });

  test('a buyer without an e-mail gives one on the account page and gets a link', async ({ page }) => {
    test.setTimeout(120_000);
    const username = uniqueName('noemail');
    const response = await page.request.post('/api/auth/register', { data: { username, password: 'pass-word-9', isAdmin: false } });
    expect(response.status()).toBe(201);
    await page.goto('/account/verify-email');
    await expect(page.getByTestId('email-status')).toContainText('Your account has no e-mail address yet.');
    const email = `${username}@example.com`;
    await page.getByRole('main').getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Confirmation link sent' })).toContainText(`We sent a confirmation link to ${email}.`, {
      timeout: 30_000,
    });
    await expect.poll(async () => (await mailsTo(page.request, email)).map((m) => m.subject), { timeout: 20_000 }).toContain('Confirm your e-mail address');
  });

  test('the phone menu (390 px) offers the same account links as the desktop account menu, E-mail Address included', async ({ page }) => {
    const { username } = await registerViaApi(page.request, { withEmail: true });
    const header = page.getByRole('banner');

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await header.getByRole('button', { name: `Account menu for ${username}` }).click();
    const desktop = await page.getByRole('menuitem').allInnerTexts();
    expect(desktop).toEqual(['My Quote Requests', 'E-mail Address', 'Logout']);
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 844 });
    await header.getByRole('button', { name: 'Open menu' }).click();
    const menu = header.getByRole('navigation', { name: 'Mobile' });
    const phone = await menu.getByRole('listitem').allInnerTexts();
    // The site's links first, then exactly the desktop menu's account entries.
    expect(phone.slice(-desktop.length)).toEqual(desktop);
    await menu.getByRole('link', { name: 'E-mail Address' }).click();
    await expect(page).toHaveURL(/\/account\/verify-email$/);
    await expect(menu).toBeHidden();
    await expect(page.getByTestId('email-status')).toContainText('is not confirmed yet.');
  });
});
