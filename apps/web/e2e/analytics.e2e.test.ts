import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ensureBuilt, launchBrowser, newPhone, screenshot, seriousA11yViolations, signUpHost, startServer, uniqueEmail, type TestServer } from './harness';

/** Issue 9: the admin analytics screens on a fresh server (empty states), their links, and the refusal for hosts. */
const ADMIN = uniqueEmail('analyst');

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

async function phone(): Promise<Page> {
  const ctx = await newPhone(browser, server.url);
  contexts.push(ctx);
  return ctx.newPage();
}

beforeAll(async () => {
  ensureBuilt();
  [server, browser] = await Promise.all([startServer({ adminEmails: [ADMIN] }), launchBrowser()]);
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

describe('admin analytics screens (issue 9)', () => {
  it('shows the empty states to an admin, links the two screens and passes axe', async () => {
    const page = await phone();
    await signUpHost(page, 'Analyst', ADMIN);
    await page.goto('/admin/character-analytics');
    await page.getByText('No analytics available yet').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-character-analytics-empty');
    await page.getByRole('link', { name: /Feedback Analytics/i }).first().click();
    await page.waitForURL('**/admin/feedback');
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
