import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  browserSuite,
  expectAccessible,
  repoRoot,
  screenshot,
  signUpHost,
  toastLocator,
  uniqueEmail,
} from './harness';

/**
 * Issue 9: the admin analytics screens on a fresh server (empty states), their links, and the refusal for hosts.
 * Issue 25: the admin seat preview (a seat's homepage and day with the phone's own screens, without a game).
 * Also the landing page's Host a Game (the landing page can create a game from a storyline).
 */
const ADMIN = uniqueEmail('analyst');
const ADMIN_HOST = uniqueEmail('admin-host');
const AUTHOR = uniqueEmail('author');

async function phone(): Promise<Page> {
  const ctx = await suite.phone();
  return ctx.newPage();
}

const suite = browserSuite({ adminEmails: [ADMIN, ADMIN_HOST, AUTHOR] });

/** A signed-up host who is no admin opens `path` and is told the screen is for administrators. */
async function expectAdminsOnly(path: string): Promise<void> {
  const page = await phone();
  await signUpHost(page, 'Plain Host', uniqueEmail('host'));
  await page.goto(path);
  await page.getByText('Administrators only').first().waitFor();
}

describe('admin analytics screens (issue 9)', () => {
  it('shows the empty states to an admin, links the two screens and passes axe', async () => {
    const page = await phone();
    await signUpHost(page, 'Analyst', ADMIN);
    await page.goto('/admin/character-analytics');
    await page.getByText('No analytics available yet').first().waitFor();
    await expectAccessible(page);
    await screenshot(page, 'admin-character-analytics-empty');
    await page.getByRole('link', { name: /Feedback Analytics/i }).first().click();
    await page.waitForURL(/\/admin\/feedback/);
    await page.getByText('No Feedback Yet').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'admin-feedback-empty');
  });

  it('tells a host who is not an admin that the figures are for administrators', () => expectAdminsOnly('/admin/feedback'));
});

describe('admin seat preview (issue 25)', () => {
  it("renders a seat's homepage and day with the phone's own screens in a 360-px frame, and follows the phone's day links", async () => {
    // A screen just wider than the frame: the frame is 360 px wide and the phone's screens take their phone layout
    // (the app's breakpoints follow the window, not the frame); the screenshots are of the frame.
    const page = await (await suite.phone({ viewport: { width: 400, height: 900 } })).newPage();
    await signUpHost(page, 'Author', AUTHOR);
    // The boatman is the killer of "A Debt at Low Water": his phone tells him so and carries the Shadow brief.
    await page.goto('/admin/seat-preview?storyline=gull-rock-1963&case=gr-low-water&players=6&as=gr-rowe');
    const phoneFrame = page.getByTestId('phone-frame');
    await phoneFrame.getByTestId('character-name').getByText('Jory Rowe').waitFor();
    expect((await phoneFrame.boundingBox())?.width).toBe(360);
    await expect(page.getByLabel('Case').textContent()).resolves.toContain('A Debt at Low Water');
    const out = path.join(repoRoot, 'docs/screenshots/issue-25');
    mkdirSync(out, { recursive: true });
    await phoneFrame.screenshot({ path: path.join(out, 'seat-preview-homepage-360.png') });

    // The phone's own day navigation moves the preview on: Day 1 of the same seat.
    await page.getByLabel('Screen').click();
    await page.getByRole('option', { name: /Day 1: The Foot of the Stair/ }).click();
    await page.waitForURL(/day=1/);
    await phoneFrame.getByTestId('day-banner').getByText('The Foot of the Stair').waitFor();
    await phoneFrame.getByTestId('hold-shadow-brief').waitFor();
    await phoneFrame.getByRole('link', { name: /^Continue to/ }).click();
    await page.waitForURL(/day=2/);
    await phoneFrame.getByTestId('day-banner').getByText("The Doctor's Word").waitFor();
    await phoneFrame.getByTestId('hold-shadow-brief').waitFor();
    expect(await phoneFrame.getByText('day content unavailable').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/admin/seat-preview');
    await expectAccessible(page);
    await phoneFrame.screenshot({ path: path.join(out, 'seat-preview-day-360.png') });

    // The same seat in the other case is a Seeker: no Shadow brief on its day.
    await page.goto('/admin/seat-preview?storyline=gull-rock-1963&case=gr-dark-minutes&players=6&as=gr-rowe&day=2&team=seeker');
    await phoneFrame.getByTestId('day-banner').getByText("The Doctor's Word").waitFor();
    await phoneFrame.getByRole('heading', { name: 'Your Story' }).waitFor();
    expect(await phoneFrame.getByTestId('hold-shadow-brief').count()).toBe(0);
  });

  it('refuses a host who is not an admin', () => expectAdminsOnly('/admin/seat-preview?storyline=gull-rock-1963'));
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
