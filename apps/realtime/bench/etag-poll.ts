/**
 * pnpm --filter @ss/realtime bench:etag -- [--games 500] [--players 4] [--seconds 10]
 *
 * What a REST poller costs the server, with and without ETags: N games set up through the API, then autocannon
 * (50 connections) polls `GET /api/games/{id}` across all of them as their players, once plainly (200 + the whole
 * view every time) and once with `If-None-Match` (nothing changed: 304, headers only). From the measured capacity
 * it derives what the old 2 s poll of every phone of N games costs: requests/s, share of a core, bytes/s.
 * Writes bench/results/etag-latest.json.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { TGameView, TStoryline } from '@ss/protocol';
import { apiCall } from '../../../scripts/api-call.mjs';
import { benchArgs } from './args.js';
import { processStats } from './servers.js';

const args = benchArgs({ games: { type: 'string', default: '500' }, players: { type: 'string', default: '4' }, seconds: { type: 'string', default: '10' } });
const GAMES = Number(args.games);
const PLAYERS = Number(args.players);
const SECONDS = Number(args.seconds);
const POLL_S = 2;
const ADMIN = 'etag-bench-admin@example.com';
const PASSWORD = 'Bench-pass1!';

const call = apiCall;

async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++] as T);
    }),
  );
}

interface Poller {
  path: string;
  token: string;
  etag: string;
}

async function measure(base: string, pid: number, pollers: Poller[], conditional: boolean) {
  let i = 0;
  const cpu0 = processStats(pid).cpuMs;
  const t0 = Date.now();
  const result = await autocannon({
    url: base,
    connections: 50,
    duration: SECONDS,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const p = pollers[i++ % pollers.length] as Poller;
          return { ...req, path: p.path, headers: { authorization: `Bearer ${p.token}`, ...(conditional ? { 'if-none-match': p.etag } : {}) } };
        },
      },
    ],
  });
  const cpuShare = (processStats(pid).cpuMs - cpu0) / (Date.now() - t0);
  const ok = conditional ? result['3xx'] : result['2xx'];
  return {
    reqPerSec: Math.round(result.requests.average),
    latencyMsP50: result.latency.p50,
    latencyMsP99: result.latency.p99,
    bytesPerResponse: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    expectedStatusShare: Math.round((ok / Math.max(1, result.requests.total)) * 1000) / 10,
    non2xx3xx: result.non2xx - (conditional ? result['3xx'] : 0),
    serverCpuShare: Math.round(cpuShare * 1000) / 1000,
  };
}

const appDir = path.resolve(import.meta.dirname, '..');

/** The production build (`node dist/server.js`, embedded mode), as an operator would run it. */
async function startServer() {
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: appDir, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('server build failed');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ss-etag-bench-'));
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: appDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), ADMIN_EMAILS: ADMIN, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '100000000', DATABASE_URL: '', REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('server did not start in 180 s')), 180_000);
    child.stdout.on('data', (d: Buffer) => {
      out += String(d);
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return {
    url,
    pid: child.pid ?? 0,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const server = await startServer();
  const base = server.url;
  try {
    await call(base, 'POST', '/api/auth/signup', { displayName: 'Bench Host', email: ADMIN, password: PASSWORD });
    const { body: login } = await call<{ token: string }>(base, 'POST', '/api/auth/login', { email: ADMIN, password: PASSWORD });
    const { body: storylines } = await call<TStoryline[]>(base, 'GET', '/api/storylines');
    const storyline = storylines.find((s) => s.status === 'published' && s.characterCount >= PLAYERS + 1);
    if (!storyline) throw new Error('no playable storyline');
    const pollers: Poller[] = [];
    const t0 = Date.now();
    await pool(Array.from({ length: GAMES }), 16, async () => {
      const { body: g } = await call<{ id: string; joinCode: string }>(base, 'POST', '/api/games', { storylineId: storyline.id }, login.token);
      for (let p = 0; p < PLAYERS; p++) {
        const { body: j } = await call<{ token: string }>(base, 'POST', `/api/games/${g.joinCode}/join`, { displayName: `P${p}` });
        if (p === PLAYERS - 1) {
          const { etag } = await call<TGameView>(base, 'GET', `/api/games/${g.id}`, undefined, j.token);
          pollers.push({ path: `/api/games/${g.id}`, token: j.token, etag: etag ?? '' });
        }
      }
    });
    console.log(`setup: ${GAMES} games x ${PLAYERS} players in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const plain = await measure(base, server.pid, pollers, false);
    const etag = await measure(base, server.pid, pollers, true);
    const phones = GAMES * (PLAYERS + 1);
    const demand = phones / POLL_S; // every phone polls every 2 s
    const cost = (m: typeof plain) => ({
      coresNeeded: Math.round((demand / m.reqPerSec) * m.serverCpuShare * 1000) / 1000,
      bytesPerSec: Math.round(demand * m.bytesPerResponse),
    });
    const result = {
      at: new Date().toISOString(),
      games: GAMES,
      phones,
      pollIntervalS: POLL_S,
      demandReqPerSec: demand,
      without: { ...plain, ...cost(plain) },
      withEtag: { ...etag, ...cost(etag) },
    };
    console.table({ without: result.without, withEtag: result.withEtag });
    console.log(`2 s polling of ${phones} phones in ${GAMES} games = ${demand} req/s`);
    const dir = path.join(import.meta.dirname, '../../../bench/results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'etag-latest.json'), JSON.stringify(result, null, 2));
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
