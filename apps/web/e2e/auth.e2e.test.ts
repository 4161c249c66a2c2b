import { describe, expect, it } from 'vitest';
import {
  browserSuite,
  expectAccessible,
  screenshot,
  signUpHost,
  STRONG_PASSWORD,
  toastLocator,
  uniqueEmail,
} from './harness';

const suite = browserSuite();

describe('accounts (issue 2)', () => {
  it('landing page shows the signed-out header and hero, and passes axe', async () => {
    const ctx = await suite.phone();
    const page = await ctx.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'How to Play' }).waitFor();
    await expect(page.getByRole('link', { name: 'Rejoin Game' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Sign In' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Launch Game' }).getAttribute('href')).resolves.toBe('/auth');
    // the tab gets a session id in its address without a reload, once the app has taken over the prerendered page
    await expect.poll(() => new URL(page.url()).searchParams.get('session') ?? '', { timeout: 10_000 }).toMatch(/^[a-z0-9]+$/);
    // storylines load (or the empty state shows)
    await page.getByTestId('storyline-card').or(page.getByText('No storylines available at the moment.')).first().waitFor();
    await screenshot(page, 'landing-signed-out');
    await expectAccessible(page);
    await ctx.close();
  });

  it('signs up in a fresh context and lands on /host/dashboard', async () => {
    const ctx = await suite.phone();
    const page = await ctx.newPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByLabel('Display name').fill('Miss Marple');
    await page.getByLabel('Email').fill(uniqueEmail('host'));
    const password = page.getByLabel('Password', { exact: true });
    const submit = page.getByRole('button', { name: 'Create Account' });
    const bar = page.getByTestId('password-strength');

    await password.fill('abc');
    expect(await bar.getAttribute('data-tone')).toBe('red');
    expect(await submit.isDisabled()).toBe(true);
    await password.fill('abcdefg1');
    expect(await bar.getAttribute('data-tone')).toBe('yellow');
    expect(await submit.isDisabled()).toBe(true);
    await password.fill(STRONG_PASSWORD);
    expect(await bar.getAttribute('data-tone')).toBe('green');
    expect(await submit.isEnabled()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'auth-sign-up');

    await submit.click();
    await page.waitForURL('**/host/dashboard**');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('tab', { name: /Active Games \(0\)/ }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('host');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await screenshot(page, 'dashboard-new-host');

    // signed in: the landing page shows Dashboard and Sign out
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await page.getByRole('link', { name: 'Join Game', exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await ctx.close();
  });

  it('a failed sign-in shows "Authentication failed" with the server message', async () => {
    const ctx = await suite.phone();
    const page = await ctx.newPage();
    const email = uniqueEmail('known');
    await signUpHost(page, 'Inspector', email);
    await page.evaluate(() => localStorage.clear());
    await page.goto('/auth');
    await page.getByText('Passwords have at least 8 characters').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong#Password1');
    await page.locator('form').getByRole('button', { name: 'Sign In', exact: true }).click();
    const toast = toastLocator(page);
    await toast.getByText('Authentication failed').waitFor();
    expect((await toast.innerText()).length).toBeGreaterThan('Authentication failed'.length);
    expect(page.url()).toContain('/auth');
    await screenshot(page, 'auth-failed');
    await ctx.close();
  });

  it('the dashboard sends signed-out visitors to /auth; unknown paths show the 404 screen', async () => {
    const ctx = await suite.phone();
    const page = await ctx.newPage();
    await page.goto('/dashboard');
    await page.waitForURL('**/auth**');
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
    await ctx.close();
  });
});
