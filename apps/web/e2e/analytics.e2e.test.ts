import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, screenshot, seriousA11yViolations, signUpHost, toastLocator, uniqueEmail } from './harness';

/**
 * Issue 9: the admin analytics screens on a fresh server (empty states), their links, and the refusal for hosts.
 * Also the landing page's Host a Game (spec: the landing page can create a game from a storyline).
 */
const ADMIN = uniqueEmail('analyst');
const ADMIN_HOST = uniqueEmail('admin-host');

async function phone(): Promise<Page> {
  const ctx = await suite.phone();
  return ctx.newPage();
}

const suite = browserSuite({ adminEmails: [ADMIN, ADMIN_HOST] });

describe('admin analytics screens (issue 9)', () => {
  it('shows the empty states to an admin, links the two screens and passes axe', async () => {
    const page = await phone();
    await signUpHost(page, 'Analyst', ADMIN);
    await page.goto('/admin/character-analytics');
    await page.getByText('No analytics available yet').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-character-analytics-empty');
    await page.getByRole('link', { name: /Feedback Analytics/i }).first().click();
    await page.waitForURL(/\/admin\/feedback/);
    await page.getByText('No Feedback Yet').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-feedback-empty');
  });

  it('tells a host who is not an admin that the figures are for administrators', async () => {
    const page = await phone();
    await signUpHost(page, 'Plain Host', uniqueEmail('host'));
    await page.goto('/admin/feedback');
    await page.getByText('Administrators only').first().waitFor();
  });
});

describe('landing page: Host a Game', () => {
  it('opens a new host lobby for a host who may host the storyline, and explains the refusal otherwise', async () => {
    const admin = await phone();
    await signUpHost(admin, 'Admin Host', ADMIN_HOST);
    await admin.goto('/');
    const card = admin.getByTestId('storyline-card').filter({ has: admin.getByRole('button', { name: 'Host a Game' }) }).first();
    await card.getByRole('button', { name: 'Host a Game' }).click();
    await admin.waitForURL(/\/host\/[^/]+\/lobby/);
    await admin.getByText('Room code').waitFor();

    const host = await phone();
    await signUpHost(host, 'New Host', uniqueEmail('new-host'));
    await host.goto('/');
    await host.getByRole('button', { name: 'Host a Game' }).first().click();
    const toast = toastLocator(host);
    await toast.getByText('Failed to create game', { exact: true }).waitFor();
    await toast.getByText('Purchase this storyline before hosting a game').waitFor();
    expect(new URL(host.url()).pathname).toBe('/');
  });
});
