import { describe, expect, it } from 'vitest';
import { browserSuite } from './harness';

const suite = browserSuite();

describe('first load on a phone', () => {
  it('serves landing and join prerendered, other pages the shell, hashed files compressed and cached for a year', async () => {
    // The two first screens arrive painted (the app adopts the markup), revalidated on every load.
    for (const [page, text] of [['/', 'Someone in this room'], ['/join', 'Join a Game']] as const) {
      const res = await fetch(suite.server.url + page, { headers: { 'accept-encoding': 'br' } });
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-encoding')).toBe('br');
      const html = await res.text();
      expect(html).toContain(`<div id="root" data-prerendered="${page}">`);
      expect(html).toContain(text);
      expect(html).toMatch(/<script type="module" src="\/assets\/boot-[^"]+\.js"><\/script>/);
      expect(html).toMatch(/rel="preload" href="\/assets\/inter-latin-400-normal-[^"]+\.woff2" as="font"/);
    }

    // A page address that is not a file gets the empty shell (index.html), revalidated.
    const index = await fetch(`${suite.server.url}/play/00000000-0000-4000-8000-000000000000/day/1`, { headers: { 'accept-encoding': 'br' } });
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const html = await index.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toMatch(/<script type="module" src="\/assets\/boot-[^"]+\.js"><\/script>/);
    // The entry starts downloading with the page (the boot script runs it once its chunks have run).
    const entry = /rel="modulepreload" crossorigin href="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    expect(html).toContain('rel="manifest"');

    const br = await fetch(suite.server.url + entry!, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const gz = await fetch(suite.server.url + entry!, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(suite.server.url + entry!, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    // fetch decodes: all three are the same script
    const [a, b, c] = await Promise.all([br.text(), gz.text(), plain.text()]);
    expect(a).toBe(c);
    expect(b).toBe(c);

    const sw = await fetch(`${suite.server.url}/sw.js`);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
  });

  it('landing and join load neither the admin charts nor the media viewer, and the app adopts their markup', async () => {
    const ctx = await suite.phone();
    const page = await ctx.newPage();
    const scripts: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/');
    await page.getByRole('link', { name: 'How to Play' }).waitFor();
    // The storylines (prerendered as loading) arrive once the app runs; a hydration mismatch would have logged.
    await page.getByTestId('storyline-card').first().waitFor();
    await page.goto('/join');
    // The form works once the app has started (React's root is on the container): typing enables the button.
    await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')));
    await page.getByLabel('Display name').fill('Ada');
    await page.getByLabel('Room code').fill('abc123');
    await expect.poll(() => page.getByRole('button', { name: 'Join Game' }).isEnabled()).toBe(true);
    expect(await page.getByLabel('Room code').inputValue()).toBe('ABC123');
    expect(scripts.length).toBeGreaterThan(2);
    expect(scripts.filter((s) => /BarChart|recharts|MediaGallery|zoom-pan/i.test(s))).toEqual([]);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('is installable (manifest with icons) and opens again offline once visited', async () => {
    const ctx = await suite.phone();
    const page = await ctx.newPage();
    const manifest = (await (await fetch(`${suite.server.url}/manifest.webmanifest`)).json()) as { display: string; icons: { sizes: string; purpose?: string }[] };
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.some((i) => i.sizes === '512x512' && i.purpose === 'maskable')).toBe(true);
    for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png']) expect((await fetch(suite.server.url + icon)).status).toBe(200);

    await page.goto('/');
    await page.getByRole('link', { name: 'How to Play' }).waitFor();
    // Wait until the service worker controls the page (it installs with the shell, then claims the client).
    // (Polled: a controllerchange listener attached after the claim would wait forever.)
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.reload(); // fetches of this page now go through the worker and are kept
    await page.getByRole('link', { name: 'How to Play' }).waitFor();
    await page.goto('/join');
    await page.getByRole('button', { name: /join/i }).first().waitFor();
    await ctx.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: /join/i }).first().waitFor();
    await page.goto('/');
    await page.getByRole('link', { name: 'How to Play' }).waitFor();
    await ctx.setOffline(false);
    await ctx.close();
  });
});
