/**
 * Browser-test harness: builds the web app when dist is stale, starts the real server (embedded mode: PGlite and the
 * in-process live store, or TEST_MODE=services with DATABASE_URL/REDIS_URL), and drives Debian's chromium through
 * playwright-core.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, expect } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
export const webRoot = path.resolve(here, '..');
export const repoRoot = path.resolve(webRoot, '../..');
// E2E_REALTIME_ROOT: run another checkout of the server (e.g. a patched copy while debugging).
const realtimeRoot = process.env.E2E_REALTIME_ROOT ?? path.join(repoRoot, 'apps/realtime');
export const resultsDir = path.join(webRoot, 'test-results');

// ---------- build ----------

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newestMtime(path.join(p, entry)));
  }
  return max;
}

/**
 * Runs `vite build` once when any input is newer than dist/index.html, or when dist is a production build: the
 * browser tests build with VITE_DEV_PAGES=1 so the demo and test pages are routed (a production build has none),
 * and mark the build so.
 */
export function ensureBuilt(): void {
  const out = path.join(webRoot, 'dist/index.html');
  const marker = path.join(webRoot, 'dist/.dev-pages');
  const inputs = [
    path.join(webRoot, 'src'),
    path.join(webRoot, 'public'),
    path.join(webRoot, 'index.html'),
    path.join(webRoot, 'vite.config.ts'),
    path.join(webRoot, 'build-plugins.ts'),
    path.join(webRoot, 'sw-template.js'),
    path.join(webRoot, 'package.json'),
    path.join(repoRoot, 'packages/protocol/src'),
  ];
  const built = existsSync(out) && existsSync(marker) ? statSync(out).mtimeMs : 0;
  if (built > Math.max(...inputs.map(newestMtime))) return;
  const vite = path.join(webRoot, 'node_modules/.bin/vite');
  // NODE_ENV is forced: vitest sets it to "test", and a build under it is React's development build without the
  // service worker, not the app phones get.
  const r = spawnSync(vite, ['build', '--logLevel', 'warn'], { cwd: webRoot, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', VITE_DEV_PAGES: '1' } });
  if (r.status !== 0) throw new Error(`vite build failed (exit ${r.status})`);
  writeFileSync(marker, 'built with VITE_DEV_PAGES=1\n');
}

// ---------- server ----------

export interface TestServer {
  url: string;
  dataDir: string;
  logs: () => string;
  stop: () => Promise<void>;
}

export interface ServerOptions {
  adminEmails?: string[];
  env?: Record<string, string>;
}

/** Starts apps/realtime/src/server.ts on an ephemeral port and answers once it prints its URL. */
export async function startServer(opts: ServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ss-e2e-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (process.env.TEST_MODE !== 'services') {
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
  }
  Object.assign(env, {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '10000',
    GAME_CREATE_LIMIT: '10000',
    ADMIN_EMAILS: (opts.adminEmails ?? []).join(','),
    ...opts.env,
  });
  delete env.PUBLIC_URL;

  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: realtimeRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 180 s:\n${output}`)), 180_000); // a loaded CI machine is slow
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on (https?:\/\/127\.0\.0\.1:\d+)/i.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited early (code ${code}):\n${output}`));
    });
  });
  child.removeAllListeners('exit');

  return {
    url,
    dataDir,
    logs: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------- browser ----------

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches Debian's chromium; playwright gives every launch a fresh temporary user-data-dir. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(`Chromium not found at ${executablePath}: run apt-get update && apt-get install -y chromium`);
  }
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

export interface PhoneOptions {
  /** Default 390×844; the small phone is 360×740. */
  viewport?: { width: number; height: number };
  /**
   * Keep the 30-s idle blur on. Off by default: a test drives many phones in turn, and one left alone for 30 s
   * would be covered when the test comes back to it (the privacy test turns it on).
   */
  idleBlur?: boolean;
}

/** A phone-sized, isolated browser context (its own storage: a separate person). */
export async function newPhone(browser: Browser, baseURL: string, opts: PhoneOptions = {}): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    baseURL,
    viewport: opts.viewport ?? { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
    colorScheme: 'dark',
  });
  ctx.setDefaultTimeout(15_000);
  if (!opts.idleBlur) await ctx.addInitScript(() => localStorage.setItem('ss_idle_blur_off', '1'));
  return ctx;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

export interface AxeViolationSummary {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: string[];
}

/** Serious and critical axe-core violations of the page as it is now. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolationSummary[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

/**
 * Fails on serious or critical axe violations, listing them under `what` (the screen; its address by default); with
 * `maxWidth`, also when the page is wider than that (a phone would scroll sideways).
 */
export async function expectAccessible(
  page: Page,
  { what = page.url(), maxWidth }: { what?: string; maxWidth?: number } = {},
): Promise<void> {
  const v = await seriousA11yViolations(page);
  expect(v, `${what}: ${JSON.stringify(v, null, 1)}`).toEqual([]);
  if (maxWidth !== undefined) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(maxWidth);
  }
}

// ---------- helpers ----------

export const STRONG_PASSWORD = 'Lamplight#1986';

export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
}

/** The toast on screen (Radix renders it in an ordered list region). */
export function toastLocator(page: Page) {
  return page.locator('[role="region"] li').first();
}

/** Waits until the toast on screen reads exactly this title (and description). */
export async function expectFirstToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = toastLocator(page);
  await toast.getByText(title, { exact: true }).waitFor();
  if (description) await toast.getByText(description, { exact: true }).waitFor();
}

/** Sign up through the /auth screen; ends on /host/dashboard. */
export async function signUpHost(page: Page, displayName: string, email: string, password = STRONG_PASSWORD): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.getByLabel('Display name').fill(displayName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/host/dashboard**');
}

/** Sign in through the /auth screen with an existing host account; ends on /host/dashboard. */
export async function signInHost(page: Page, email: string, password = STRONG_PASSWORD): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL('**/host/dashboard**');
}

// ---------- one suite ----------

/**
 * A browser test file's fixture: before its tests, builds the app if stale and starts a server and Chromium; after
 * them, closes every phone it opened, the browser and the server. Read `server` and `browser` inside tests.
 */
export function browserSuite(opts: ServerOptions = {}) {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    ensureBuilt();
    [server, browser] = await Promise.all([startServer(opts), launchBrowser()]);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the suite's ${what} is read before its beforeAll ran`);
    return value;
  };
  return {
    get server(): TestServer {
      return started(server, 'server');
    },
    get browser(): Browser {
      return started(browser, 'browser');
    },
    /** How many phones the suite has opened so far. */
    get phones(): number {
      return contexts.length;
    },
    /** A new phone (its own context: a separate person), closed with the suite. */
    async phone(phoneOpts: PhoneOptions = {}): Promise<BrowserContext> {
      const ctx = await newPhone(started(browser, 'browser'), started(server, 'server').url, phoneOpts);
      contexts.push(ctx);
      return ctx;
    },
  };
}
