import { createHash } from 'node:crypto';
import { expect, test } from './support/test';
import { ADMIN_PASSWORD, ADMIN_USERNAME, expectToast, uniqueName } from './support/e2e-helpers';

test.describe('auth', () => {
  test('validation, registration, logout and login with the spec toasts', async ({ page }) => {
    const username = uniqueName('user');
    const password = 'pass-word-9';
    await page.goto('/auth');
    await expect(page.getByText('Advanced Search')).toBeVisible();
    await expect(page.getByText('Easy Quotes')).toBeVisible();
    await expect(page.getByText('Certified Quality')).toBeVisible();

    const login = page.getByRole('tabpanel', { name: 'Login' });
    await login.getByLabel('Username').fill('ab');
    await login.getByLabel('Password').fill('123');
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(login.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(login.getByText('Password must be at least 6 characters')).toBeVisible();

    await login.getByRole('button', { name: 'Register' }).click();
    const register = page.getByRole('tabpanel', { name: 'Register' });
    await register.getByLabel('Username').fill(username);
    await register.getByLabel('Email (optional)').fill('not-an-email');
    await register.getByLabel('Password').fill(password);
    await register.getByRole('button', { name: 'Register' }).click();
    await expect(register.getByText('Please enter a valid email')).toBeVisible();
    await register.getByLabel('Email (optional)').fill('');
    await register.getByRole('button', { name: 'Register' }).click();
    await expectToast(page, 'Registration successful', `Welcome, ${username}!`);
    await expect(page).toHaveURL(/\/$/);

    const header = page.locator('header');
    await header.getByRole('button', { name: `Account menu for ${username}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectToast(page, 'Logged out successfully');
    await expect(header.getByRole('link', { name: 'Login / Register' })).toBeVisible();

    await page.goto('/auth');
    await login.getByLabel('Username').fill(username);
    await login.getByLabel('Password').fill('wrong-password');
    await login.getByRole('button', { name: 'Login' }).click();
    await expectToast(page, 'Login failed');
    await login.getByLabel('Password').fill(password);
    await login.getByRole('button', { name: 'Login' }).click();
    await expectToast(page, 'Login successful', `Welcome back, ${username}!`);
    await expect(page).toHaveURL(/\/$/);
  });

  test('an administrator logging in is moved to /admin and sees Admin Dashboard in the menu', async ({ page }) => {
    await page.goto('/auth');
    const login = page.getByRole('tabpanel', { name: 'Login' });
    await login.getByLabel('Username').fill(ADMIN_USERNAME);
    await login.getByLabel('Password').fill(ADMIN_PASSWORD);
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/support');
    await page
      .locator('header')
      .getByRole('button', { name: `Account menu for ${ADMIN_USERNAME}` })
      .click();
    await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toBeVisible();
  });

  test('a sign-in carries the SHA-256 of exactly the body the browser sent (x-amz-content-sha256, ADR 120)', async ({ page }) => {
    await page.goto('/auth');
    const login = page.getByRole('tabpanel', { name: 'Login' });
    await login.getByLabel('Username').fill(ADMIN_USERNAME);
    await login.getByLabel('Password').fill(ADMIN_PASSWORD);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/auth/login') && r.method() === 'POST');
    await login.getByRole('button', { name: 'Login' }).click();
    const request = await sent;
    const body = request.postDataBuffer()!;
    expect(JSON.parse(body.toString('utf8'))).toMatchObject({ username: ADMIN_USERNAME });
    expect(await request.headerValue('x-amz-content-sha256')).toBe(createHash('sha256').update(body).digest('hex'));
    // The local server neither needs nor checks it: the sign-in goes through.
    await expect(page).toHaveURL(/\/admin/);
  });
});
