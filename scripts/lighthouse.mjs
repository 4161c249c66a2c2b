#!/usr/bin/env node
// Lighthouse (mobile, simulated throttling) on the landing page, the join screen and a day page of a running game,
// against the production build served by `node apps/realtime/dist/server.js`. Not part of `pnpm test`.
//
//   node scripts/lighthouse.mjs [--no-build] [--runs 1]
//
// Needs Chromium at CHROME_PATH (default /usr/bin/chromium); Lighthouse 12.8 is fetched by npx. Prints one line per
// page (median of --runs) and writes the reports to .data/lighthouse/.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { apiCall } from './api-call.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE = 'lighthouse@12.8.2';
const argv = process.argv.slice(2);
const RUNS = Number(argv[argv.indexOf('--runs') + 1] || 1) || 1;
const outDir = path.join(root, '.data/lighthouse');
mkdirSync(outDir, { recursive: true });
const { chromium } = createRequire(path.join(root, 'apps/web/package.json'))('playwright-core');
const CHROME_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}`);
}

const call = async (base, method, p, body, token) => (await apiCall(base, method, p, body, token)).body;

if (!argv.includes('--no-build')) {
  run('npx', ['-y', 'pnpm@10', '--filter', '@ss/web', 'build']);
  run('npx', ['-y', 'pnpm@10', '--filter', '@ss/realtime', 'build']);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ss-lh-'));
const profile = mkdtempSync(path.join(os.tmpdir(), 'ss-lh-profile-'));
const port = await freePort();
const admin = 'lighthouse-admin@example.com';
const server = spawn(process.execPath, ['apps/realtime/dist/server.js'], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_EMAILS: admin, DATABASE_URL: '', REDIS_URL: '' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
let chrome;
try {
  await new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('server did not start in 120 s')), 120_000);
    server.stdout.on('data', (d) => /listening on/.test(String(d)) && (clearTimeout(t), resolve()));
    server.once('exit', (c) => reject(new Error(`server exited ${c}`)));
  });

  // A game in progress on day 1, with one player who joined through the join screen in the profile Lighthouse uses.
  await call(base, 'POST', '/api/auth/signup', { displayName: 'Host', email: admin, password: 'Lighthouse-1!' });
  const { token: host } = await call(base, 'POST', '/api/auth/login', { email: admin, password: 'Lighthouse-1!' });
  const storyline = (await call(base, 'GET', '/api/storylines')).find((s) => s.status === 'published' && s.characterCount >= 5);
  const game = await call(base, 'POST', '/api/games', { storylineId: storyline.id }, host);
  const browser = await chromium.launchPersistentContext(profile, { executablePath: CHROME, args: CHROME_ARGS, viewport: { width: 412, height: 823 } });
  const page = await browser.newPage();
  await page.goto(`${base}/join`);
  await page.getByLabel('Display name').fill('Lighthouse');
  await page.getByLabel('Room code').fill(game.joinCode);
  await page.getByRole('button', { name: 'Join Game' }).click();
  await page.waitForURL(/\/play\//);
  const session = new URL(page.url()).searchParams.get('session');
  await browser.close();
  for (let i = 0; i < Math.max(0, storyline.minPlayers - 2); i++) await call(base, 'POST', `/api/games/${game.joinCode}/join`, { displayName: `P${i}` });
  const view = await call(base, 'GET', `/api/games/${game.id}`, undefined, host);
  const chars = await call(base, 'GET', `/api/games/${game.id}/characters?playerCount=${view.players.length}`, undefined, host);
  for (const [i, p] of view.players.entries()) await call(base, 'POST', `/api/games/${game.id}/assign-character`, { playerId: p.id, characterId: chars.characters[i].id }, host);
  await call(base, 'PATCH', `/api/games/${game.id}`, { action: 'start' }, host);
  await call(base, 'PATCH', `/api/games/${game.id}`, { action: 'set-phase', phase: 1 }, host);

  // Landing and join as a first visit (fresh profile each run); the day page in the player's profile.
  const debugPort = await freePort();
  chrome = spawn(CHROME, [...CHROME_ARGS, `--remote-debugging-port=${debugPort}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 2000));
  const pages = [
    { name: 'landing', url: `${base}/`, flags: [`--chrome-flags=${CHROME_ARGS.join(' ')}`] },
    { name: 'join', url: `${base}/join`, flags: [`--chrome-flags=${CHROME_ARGS.join(' ')}`] },
    { name: 'day', url: `${base}/play/${game.id}/day-one?session=${session}`, flags: [`--port=${debugPort}`, '--disable-storage-reset'] },
  ];
  const medianOf = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const p of pages) {
    const scores = { performance: [], accessibility: [], 'best-practices': [] };
    const metrics = { fcp: [], lcp: [], tbt: [], cls: [] };
    for (let i = 0; i < RUNS; i++) {
      const out = path.join(outDir, `${p.name}-${i}.json`);
      run('npx', ['-y', LIGHTHOUSE, p.url, '--quiet', '--form-factor=mobile', '--throttling-method=simulate', '--only-categories=performance,accessibility,best-practices', '--output=json', `--output-path=${out}`, ...p.flags], {
        env: { ...process.env, CHROME_PATH: CHROME },
      });
      const r = JSON.parse(readFileSync(out, 'utf8'));
      for (const k of Object.keys(scores)) scores[k].push(Math.round(r.categories[k].score * 100));
      metrics.fcp.push(r.audits['first-contentful-paint'].numericValue);
      metrics.lcp.push(r.audits['largest-contentful-paint'].numericValue);
      metrics.tbt.push(r.audits['total-blocking-time'].numericValue);
      metrics.cls.push(r.audits['cumulative-layout-shift'].numericValue);
      if (i === 0) console.log(`${p.name}: benchmarkIndex ${r.environment.benchmarkIndex} (CPU speed of this machine as Lighthouse measures it)`);
    }
    console.log(
      `${p.name}: performance ${medianOf(scores.performance)}, accessibility ${medianOf(scores.accessibility)}, best practices ${medianOf(scores['best-practices'])}` +
        ` | FCP ${Math.round(medianOf(metrics.fcp))} ms, LCP ${Math.round(medianOf(metrics.lcp))} ms, TBT ${Math.round(medianOf(metrics.tbt))} ms, CLS ${medianOf(metrics.cls).toFixed(3)}`,
    );
  }
} finally {
  chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profile, { recursive: true, force: true });
}
