import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  browserSuite,
  expectAccessible,
  expectFirstToast,
  screenshot,
  signUpHost,
  uniqueEmail,
} from './harness';

/**
 * Issue 6: an admin creates a 100% code on /admin/discount-codes; a host is sent to sign in, then buys one tier free
 * with the code and another with the dev provider's test card, and finds the storyline under My Games.
 * Uses the shipped content: the published storyline and the coming-soon one are looked up through the API.
 */
const ADMIN = uniqueEmail('owner');

async function phone(): Promise<Page> {
  const ctx = await suite.phone();
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write']);
  return ctx.newPage();
}

interface StorylineInfo {
  id: string;
  title: string;
  status: string;
}

let published: StorylineInfo;
let comingSoon: StorylineInfo | undefined;
let promoCode = '';

const suite = browserSuite({ adminEmails: [ADMIN] });
beforeAll(async () => {
  const list = (await (await fetch(`${suite.server.url}/api/storylines`)).json()) as StorylineInfo[];
  const p = list.find((s) => s.status === 'published');
  if (!p) throw new Error('no published storyline in the content');
  published = p;
  comingSoon = list.find((s) => s.status === 'coming_soon');
});

describe('purchases and discount codes (issue 6)', () => {
  it('the admin creates a discount code from the empty state and copies it', async () => {
    const page = await phone();
    await signUpHost(page, 'Owner', ADMIN);
    await page.goto('/admin/discount-codes');
    await page.getByText('No discount codes yet').waitFor();
    await page.getByRole('button', { name: 'Create Your First Code' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Code Prefix').inputValue()).toBe('SS');
    expect(await dialog.getByLabel('Valid for (days)').inputValue()).toBe('30');
    await dialog.getByLabel('Campaign Name').fill('Launch party');
    await dialog.getByLabel('Discount Value').fill('100');
    await dialog.getByLabel('Usage Limit (optional)').fill('5');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Create Code' }).click();
    await expectFirstToast(page, 'Success', 'Discount code created successfully');
    const card = page.getByTestId('discount-code-card').first();
    await card.getByText('Launch party').waitFor();
    promoCode = (await card.locator('code').innerText()).trim();
    expect(promoCode).toMatch(/^SS[A-Z0-9]{6}$/);
    await card.getByText('100%').waitFor();
    expect(await card.getByTestId('discount-uses').innerText()).toBe('0/5');
    await card.getByRole('button', { name: `Copy code ${promoCode}` }).click();
    await expectFirstToast(page, 'Copied', `Code ${promoCode} copied to clipboard`);
    await screenshot(page, 'admin-discount-codes');
    await expectAccessible(page);
  });

  it('a non-admin sees no codes', async () => {
    const page = await phone();
    await signUpHost(page, 'Nosy', uniqueEmail('nosy'));
    await page.goto('/admin/discount-codes');
    await page.getByText('Admin access required').waitFor();
    expect(await page.getByTestId('discount-code-card').count()).toBe(0);
  });

  it('signed out, purchase sends to /auth; signed in, a 100% code makes it free and it shows under My Games', async () => {
    const page = await phone();
    await page.goto(`/storyline/${published.id}`);
    await page.getByRole('heading', { name: published.title }).waitFor();
    await page.getByText('Choose Your Player Count').waitFor();
    await page.getByText('20 unique characters').waitFor();
    await page.getByRole('button', { name: 'Purchase & Play' }).click();
    await expectFirstToast(page, 'Authentication Required', 'Please sign in to purchase storylines');
    await page.waitForURL('**/auth**');

    await signUpHost(page, 'Poirot', uniqueEmail('buyer'));
    await page.goto(`/storyline/${published.id}`);
    await page.getByTestId('header-display-name').getByText('Poirot').waitFor();
    await page.getByTestId('tier-card').first().waitFor();

    await page.getByLabel('Promo code').fill('nope-nope');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expectFirstToast(page, 'Invalid Promo Code', 'This promo code is not valid');

    await page.getByLabel('Promo code').fill(` ${promoCode.toLowerCase()} `);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('promo-applied').waitFor();
    expect(await page.getByTestId('purchase-total').innerText()).toBe('$0.00');
    await screenshot(page, 'storyline-promo-applied');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Get it free' }).click();
    await page.waitForURL('**/dashboard**');
    await page.getByRole('tab', { name: /My Games \(1\)/ }).click();
    const mine = page.getByRole('list', { name: 'Purchased storylines' });
    await mine.getByText(published.title).waitFor();
    await mine.getByText(/\$0\.00/).waitFor();

    // Paid tier with the dev provider's test card: a decline first, then the good card.
    await page.goto(`/storyline/${published.id}`);
    const tiers = page.getByTestId('tier-card');
    await tiers.first().waitFor();
    const second = tiers.nth((await tiers.count()) > 1 ? 1 : 0);
    await second.click();
    await page.getByRole('button', { name: 'Purchase & Play' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Test mode — no real payment').waitFor();
    await expectAccessible(page);
    await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
    await dialog.getByRole('button', { name: /^Pay \$/ }).click();
    await expectFirstToast(page, 'Payment Failed', 'Your card was declined.');
    // The decline is said in place, with the retry: nothing was charged and the card form comes back.
    await dialog.getByRole('alert').getByText('Payment failed — nothing was charged').waitFor();
    await screenshot(page, 'storyline-dev-card-declined');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL('**/dashboard**');
    await expectFirstToast(page, 'Purchase complete');
    await page.getByRole('tab', { name: /My Games \(1\)/ }).click();
    // two purchase lines under the one storyline: the free one and the paid one
    await expect.poll(async () => mine.getByText(/^Purchased /).count()).toBe(2);
    await screenshot(page, 'dashboard-my-games');

    // And the data agrees: one storyline, two purchases, one of them at $0.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const res = await fetch(`${suite.server.url}/api/dashboard/purchased-storylines`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as Array<{ storyline: { id: string }; user_purchases: Array<{ amountPaidCents: number }> }>;
    expect(body).toHaveLength(1);
    expect(body[0]?.storyline.id).toBe(published.id);
    expect(body[0]?.user_purchases.map((p) => p.amountPaidCents).sort((a, b) => a - b)[0]).toBe(0);
    expect(body[0]?.user_purchases.filter((p) => p.amountPaidCents > 0)).toHaveLength(1);
  });

  it('the code use shows on the admin screen, and deactivating disables the button', async () => {
    const page = await phone();
    await page.goto('/auth');
    await page.getByLabel('Email').fill(ADMIN);
    await page.getByLabel('Password', { exact: true }).fill('Lamplight#1986');
    await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
    await page.waitForURL('**/dashboard**');
    await page.goto('/admin/discount-codes');
    await page.getByTestId('admin-nav').getByRole('link', { name: 'Back to Dashboard' }).waitFor();
    const card = page.getByTestId('discount-code-card').filter({ hasText: promoCode });
    expect(await card.getByTestId('discount-uses').innerText()).toBe('1/5');
    // the admin header leads to the admin screens
    await page.goto('/host/dashboard');
    await page.getByRole('link', { name: 'Admin' }).click();
    await page.waitForURL('**/admin/discount-codes**');
    await card.getByRole('button', { name: `Deactivate ${promoCode}` }).click();
    // deactivating asks first
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
    await expectFirstToast(page, 'Success', 'Discount code deactivated successfully');
    await card.getByText('Inactive', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: `Deactivate ${promoCode}` }).isDisabled()).toBe(true);
  });

  it('a coming-soon storyline is prepurchased with e-mail and tier', async () => {
    if (!comingSoon) return; // the shipped content has one today; skip quietly if it is released later
    const page = await phone();
    await signUpHost(page, 'Hastings', uniqueEmail('fan'));
    await page.goto(`/storyline/${comingSoon.id}`);
    await page.getByText('In Development', { exact: true }).waitFor();
    await page.getByRole('button', { name: /^Prepurchase/ }).click();
    await expectFirstToast(page, 'Missing Information', 'Please fill in all required fields');
    await page.getByLabel('Email for release notice').fill('hastings@example.test');
    await page.getByRole('button', { name: /^Prepurchase/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Card number').fill('4242424242424242');
    await dialog.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL('**/dashboard**');
    await expectFirstToast(page, 'Prepurchase confirmed');
  });
});
