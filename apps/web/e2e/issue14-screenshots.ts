/**
 * The issue-14 must-show screenshots at 390×844 (docs/screenshots/issue-14/): five portraits, two evidence items and
 * one map of "Death at Hollowmere", each as a phone shows it full width with its caption and alt text, and the
 * cover on the landing page's storyline card (the real app, served by the real server).
 *
 *   cd apps/web && npx tsx e2e/issue14-screenshots.ts
 *
 * Not a test: it writes into docs/. It uses the browser-test harness (Debian chromium, embedded server), and
 * pngquant when installed to keep the files small.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ensureBuilt, launchBrowser, newPhone, repoRoot, startServer } from './harness.js';

const CONTENT = path.join(repoRoot, 'apps/realtime/content/hollowmere-1986');
const OUT = path.join(repoRoot, 'docs/screenshots/issue-14');

interface Media {
  url: string;
  caption: string;
  alt: string;
}

const json = (file: string) => JSON.parse(readFileSync(path.join(CONTENT, file), 'utf8')) as Record<string, unknown>;
const character = (id: string) => json(`characters/${id}.json`) as unknown as { name: string; image: Media; days: Array<Record<string, Media[]>> };

/** Every media item of the storyline by file name (the first caption and alt text that uses it). */
function mediaByFile(): Map<string, Media> {
  const out = new Map<string, Media>();
  for (const file of readdirSync(path.join(CONTENT, 'characters')).sort()) {
    for (const d of character(file.replace(/\.json$/, '')).days) {
      for (const m of [...(d.clueImages ?? []), ...(d.maps ?? [])]) {
        const file = path.basename(m.url);
        if (!out.has(file)) out.set(file, m);
      }
    }
  }
  return out;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One item full width on a phone, as the media viewer shows it: image, caption, and the alt text spelt out. */
async function shoot(page: Page, m: Media, kind: string, name: string) {
  const svg = readFileSync(path.join(CONTENT, 'art', path.basename(m.url)));
  const src = `data:image/svg+xml;base64,${svg.toString('base64')}`;
  await page.setContent(`<!doctype html><html><head><meta name="viewport" content="width=device-width">
<style>
  body { margin: 0; background: #14161b; color: #e9e4d8; font: 15px/1.45 Georgia, serif; }
  main { padding: 16px; display: flex; flex-direction: column; gap: 12px; }
  p.kind { margin: 0; font: 12px/1 monospace; letter-spacing: .18em; text-transform: uppercase; color: #e0b64f; }
  img { width: 100%; max-height: 560px; object-fit: contain; border-radius: 10px; background: #23262d; display: block; }
  h1 { margin: 0; font-size: 19px; color: #fbf8f1; }
  p.alt { margin: 0; color: #c9c2b3; font-size: 13px; }
  p.alt b { color: #e0b64f; font-weight: 600; }
</style></head><body><main>
<p class="kind">${esc(kind)}</p>
<img src="${src}" alt="${esc(m.alt)}">
<h1>${esc(m.caption)}</h1>
<p class="alt"><b>Alt text:</b> ${esc(m.alt)}</p>
</main></body></html>`);
  await page.locator('img').evaluate((img: HTMLImageElement) => (img.complete ? null : new Promise((r) => (img.onload = r))));
  await page.screenshot({ path: path.join(OUT, `${name}.png`) });
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const media = mediaByFile();
  const browser = await launchBrowser();
  try {
    const ctx = await newPhone(browser, 'http://127.0.0.1');
    const page = await ctx.newPage();
    for (const id of ['hm-inspector', 'hm-widow', 'hm-eelman', 'hm-postmistress', 'hm-farmgirl']) {
      const c = character(id);
      await shoot(page, c.image, `Portrait · ${c.name}`, `portrait-${id.replace(/^hm-/, '')}`);
    }
    for (const file of ['clue-bank-statement.svg', 'clue-tyre-cast.svg']) {
      const m = media.get(file);
      if (!m) throw new Error(`no media item uses ${file}`);
      await shoot(page, m, 'Evidence', `evidence-${file.replace(/^clue-|\.svg$/g, '')}`);
    }
    const map = media.get('map-village.svg');
    if (!map) throw new Error('no media item uses map-village.svg');
    await shoot(page, map, 'Map', 'map-village');
    await ctx.close();

    // The cover on the landing page's storyline card, in the real app.
    ensureBuilt();
    const server = await startServer();
    try {
      const phone = await newPhone(browser, server.url);
      const landing = await phone.newPage();
      await landing.goto('/');
      const card = landing.getByTestId('storyline-card').filter({ hasText: 'Death at Hollowmere' });
      await card.scrollIntoViewIfNeeded();
      const img = card.locator('img');
      await img.evaluate((el: HTMLImageElement) => {
        el.loading = 'eager';
        return el.complete && el.naturalWidth > 0 ? null : new Promise((r) => (el.onload = r));
      });
      await card.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await landing.screenshot({ path: path.join(OUT, 'cover-landing-card.png') });
      await phone.close();
    } finally {
      await server.stop();
    }
  } finally {
    await browser.close();
  }
  // The grain of the noir set makes big PNGs; pngquant (apt-get install pngquant) brings each under ~85 kB.
  if (existsSync('/usr/bin/pngquant')) {
    for (const f of readdirSync(OUT).filter((x) => x.endsWith('.png'))) {
      const file = path.join(OUT, f);
      spawnSync('/usr/bin/pngquant', ['--force', '--quality=60-85', '--speed', '1', '--output', file, file], { stdio: 'inherit' });
    }
  }
  console.log(`screenshots in ${path.relative(repoRoot, OUT)}`);
}

await main();
