/**
 * pnpm --filter @ss/realtime bench:flood -- [--games 50] [--joins 1500] [--seconds 15] [--mode embedded|services]
 *
 * One hostile phone against everyone else: `games` games play (a host and five phones each, every party on its
 * own network, all sockets joined), each host reading its game (`GET /api/games/{id}`) and syncing its socket
 * (`game:sync`) about once a second. After a quiet baseline, one address makes `joins` hostile socket joins (connect +
 * game:join, 50 in flight, sockets kept open) with the 19 seat tokens of a room it filled itself. Reports the
 * other games' latency (p50/p95/p99/max) before and during the flood, how many hostile joins got in or were
 * refused, and how long the flood took. Writes bench/results/socket-flood-latest.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io as ioClient, type Socket } from 'socket.io-client';
import type { TAck } from '@ss/protocol';
import { benchArgs } from './args.js';
import { startServers } from './servers.js';

const args = benchArgs({
  games: { type: 'string', default: '50' },
  joins: { type: 'string', default: '1500' },
  seconds: { type: 'string', default: '15' },
  mode: { type: 'string', default: 'embedded' },
});
const GAMES = Number(args.games);
const JOINS = Number(args.joins);
const SECONDS = Number(args.seconds);
const MODE = args.mode === 'services' ? 'services' : 'embedded';
/** One host account per game (a host's token is capped at a few sockets, like every token). */
const hostEmail = (g: number) => `flood-host-${g}@example.com`;
const PASSWORD = 'Bench-pass1!';
const ATTACKER = '203.0.113.66';

type Api = <T>(method: string, p: string, body?: unknown, token?: string) => Promise<T>;
const apiFor =
  (base: string, address: string): Api =>
  async <T>(method: string, p: string, body?: unknown, token?: string) => {
    const res = await fetch(base + p, {
      method,
      headers: { 'x-forwarded-for': address, ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${p} -> ${res.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };

function connect(base: string, token: string, address: string): Promise<Socket | string> {
  return new Promise((resolve) => {
    const s = ioClient(base, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { 'x-forwarded-for': address } });
    s.once('connect', () => resolve(s));
    s.once('connect_error', (err) => {
      s.close();
      resolve(err.message);
    });
  });
}
const ack = <T>(s: Socket, event: string, payload: unknown) => s.timeout(30_000).emitWithAck(event, payload) as Promise<TAck<T>>;

function percentiles(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1));
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: Number((sorted.at(-1) ?? 0).toFixed(1)) };
}

async function main() {
  // Every party has its own network, behind one trusted proxy hop (X-Forwarded-For names the party's address);
  // the socket limits are the production defaults.
  const cluster = await startServers({
    mode: MODE,
    count: 1,
    adminEmail: Array.from({ length: GAMES + 1 }, (_, g) => hostEmail(g)).join(','),
    env: { TRUST_PROXY: '1', SOCKET_HANDSHAKES_PER_MINUTE: '200', SOCKETS_PER_ADDRESS: '150', SOCKETS_PER_TOKEN: '4' },
  });
  const base = cluster.servers[0]!.url;
  const held: Socket[] = [];
  try {
    const admin = apiFor(base, '192.0.2.1');
    const storylines = await admin<{ id: string; status: string; characterCount: number }[]>('GET', '/api/storylines');
    const storylineId = storylines.find((s) => s.status === 'published' && s.characterCount >= 20)?.id ?? storylines.find((s) => s.status === 'published')!.id;

    // The games that play: a host and five phones each, from the party's own address.
    const games: { id: string; address: string; host: Socket; hostToken: string }[] = [];
    for (let g = 0; g < GAMES; g++) {
      const address = `10.${Math.floor(g / 250)}.${g % 250}.1`;
      const api = apiFor(base, address);
      const { token: hostToken } = await api<{ token: string }>('POST', '/api/auth/signup', { displayName: `Host ${g}`, email: hostEmail(g), password: PASSWORD });
      const game = await api<{ id: string; joinCode: string }>('POST', '/api/games', { storylineId }, hostToken);
      const host = await connect(base, hostToken, address);
      if (typeof host === 'string') throw new Error(`host socket refused: ${host}`);
      held.push(host);
      await ack(host, 'game:join', { gameId: game.id });
      for (let p = 0; p < 5; p++) {
        const joined = await api<{ token: string }>('POST', `/api/games/${game.joinCode}/join`, { displayName: `P${g}x${p}` });
        const phone = await connect(base, joined.token, address);
        if (typeof phone === 'string') throw new Error(`phone refused: ${phone}`);
        held.push(phone);
        await ack(phone, 'game:join', { gameId: game.id });
      }
      games.push({ id: game.id, address, host, hostToken });
    }

    // The attacker's room, filled with its own 19 seats (one room code, one address).
    const attackerApi = apiFor(base, ATTACKER);
    const { token: lairHost } = await admin<{ token: string }>('POST', '/api/auth/signup', { displayName: 'Lair', email: hostEmail(GAMES), password: PASSWORD });
    const lair = await admin<{ id: string; joinCode: string }>('POST', '/api/games', { storylineId }, lairHost);
    const tokens: string[] = [];
    for (let i = 0; i < 19; i++) {
      try {
        tokens.push((await attackerApi<{ token: string }>('POST', `/api/games/${lair.joinCode}/join`, { displayName: `Hostile ${String.fromCharCode(65 + i)}` })).token);
      } catch {
        break; // the room is full
      }
    }

    // A warm-up first (not counted): the server has just taken 300 sockets and compiles its hot paths.
    let phase: 'warmup' | 'baseline' | 'flood' | 'done' = 'warmup';
    const latency = {
      warmup: { read: [] as number[], sync: [] as number[] },
      baseline: { read: [] as number[], sync: [] as number[] },
      flood: { read: [] as number[], sync: [] as number[] },
    };
    const players = games.map(async (g) => {
      const api = apiFor(base, g.address);
      while (phase !== 'done') {
        const bucket = latency[phase];
        let t = performance.now();
        // A call that fails or times out (30 s) counts with the time it took: the table waited that long.
        const view = await api<{ version: number }>('GET', `/api/games/${g.id}`, undefined, g.hostToken).catch(() => ({ version: 0 }));
        bucket.read.push(performance.now() - t);
        t = performance.now();
        await ack(g.host, 'game:sync', { gameId: g.id, sinceVersion: view.version }).catch(() => null);
        bucket.sync.push(performance.now() - t);
        // A playing table reads about once a second (its phones live on pushes).
        await new Promise((r) => setTimeout(r, 500 + Math.random() * 1000));
      }
    });

    await new Promise((r) => setTimeout(r, 5_000));
    phase = 'baseline';
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    phase = 'flood';
    const started = performance.now();
    let admitted = 0;
    const refusals: Record<string, number> = {};
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < JOINS) {
          const token = tokens[next++ % tokens.length]!;
          const s = await connect(base, token, ATTACKER);
          if (typeof s === 'string') {
            refusals[s] = (refusals[s] ?? 0) + 1;
            continue;
          }
          held.push(s);
          const res = await ack(s, 'game:join', { gameId: lair.id }).catch(() => null);
          if (res?.ok) admitted += 1;
        }
      }),
    );
    const floodMs = performance.now() - started;
    // Keep measuring as long again after the flood, while its sockets are held.
    await new Promise((r) => setTimeout(r, Math.max(2_000, SECONDS * 500)));
    phase = 'done';
    await Promise.all(players);

    const result = {
      mode: MODE,
      games: GAMES,
      socketsPerGame: 6,
      hostileJoins: JOINS,
      hostileTokens: tokens.length,
      hostileJoinsAnswered: admitted,
      hostileRefusals: refusals,
      hostileSocketsStillOpen: held.filter((s) => s.connected && s.io.opts.extraHeaders?.['x-forwarded-for'] === ATTACKER).length,
      floodSeconds: Number((floodMs / 1000).toFixed(2)),
      /** The machine's 1-minute load average when the flood ended (the bench shares its cores). */
      loadAverage: Number(os.loadavg()[0]!.toFixed(1)),
      cores: os.cpus().length,
      otherGames: {
        baseline: { read: percentiles(latency.baseline.read), sync: percentiles(latency.baseline.sync) },
        flood: { read: percentiles(latency.flood.read), sync: percentiles(latency.flood.sync) },
      },
    };
    console.log(JSON.stringify(result, null, 2));
    const dir = path.join(import.meta.dirname, 'results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'socket-flood-latest.json'), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    for (const s of held) s.close();
    await cluster.stop();
  }
}

await main();
