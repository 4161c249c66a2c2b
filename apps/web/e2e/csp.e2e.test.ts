import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, webRoot } from './harness';

const suite = browserSuite();

/** Every CSP violation the page reports, from the console and from `securitypolicyviolation` events. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) seen.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Refused to load: CSP ${e.violatedDirective} ${e.blockedURI}`));
  });
  return seen;
}

describe('the built app under its Content-Security-Policy', () => {
  it('has no inline script and serves no source map', async () => {
    const html = readFileSync(path.join(webRoot, 'dist/index.html'), 'utf8');
    for (const tag of html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? []) expect(tag).toMatch(/<script\b[^>]*\bsrc=/);
    const maps = readdirSync(path.join(webRoot, 'dist/assets')).filter((f) => f.endsWith('.map'));
    for (const f of maps.slice(0, 3)) expect((await fetch(`${suite.server.url}/assets/${f}`)).status).toBe(404);
    for (const f of readdirSync(path.join(webRoot, 'dist/assets')).filter((x) => x.endsWith('.js'))) {
      expect(readFileSync(path.join(webRoot, 'dist/assets', f), 'utf8')).not.toMatch(/sourceMappingURL=/);
    }
  });

  it('loads and runs the landing, sign-in, join and how-to-play pages with zero CSP violations', async () => {
    const ctx = await suite.phone();
    const page = await ctx.newPage();
    const violations = await watchViolations(page);
    const res = await page.goto('/');
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    await page.getByRole('link', { name: 'How to Play' }).waitFor();
    for (const p of ['/auth', '/join', '/rejoin', '/how-to-play']) {
      await page.goto(p);
      await page.waitForLoadState('networkidle');
    }
    // A dialog (Radix scroll lock writes a <style> element) and the storyline covers (images) on the landing page.
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const images = await page.locator('img').evaluateAll((els) => els.map((e) => (e as HTMLImageElement).src));
    expect(images.some((src) => src.includes('/media/'))).toBe(true);
    for (const src of images) {
      expect(src).not.toContain('/content/');
      if (src.includes('/media/')) expect((await fetch(src)).status, src).toBe(200);
    }
    expect(violations).toEqual([]);
    await ctx.close();
  });
});
