/**
 * pnpm bench [--mode embedded|services] [--games N] [--players P] [--instances I] [--pollers N] [--burst-ms MS]
 *
 * Starts the server(s), plays N games of P players + host through the API, connects every phone with
 * socket.io-client, then: a voting burst (every phone casts its suspect ballot within --burst-ms) measuring push
 * latency (server commit -> arrival at every phone), REST pollers every 2 s for comparison, commands/s, autocannon
 * on GET /api/games/{id}, memory per phone and CPU share. Prints a table, writes bench/results/latest.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { io as ioClient, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents, TAck, TCharactersResponse, TGameView, TStoryline } from '@ss/protocol';
import { processStats, serverMemory, startServers } from './servers.js';

type Phone = Socket<ServerToClientEvents, ClientToServerEvents>;

// `pnpm bench -- --games 5` passes a literal `--`; it is dropped here.
const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    mode: { type: 'string', default: 'embedded' },
    games: { type: 'string', default: '50' },
    players: { type: 'string', default: '9' },
    instances: { type: 'string', default: '1' },
    pollers: { type: 'string', default: '50' },
    'burst-ms': { type: 'string', default: '1000' },
    'autocannon-s': { type: 'string', default: '10' },
    content: { type: 'string' },
  },
});
const mode = args.mode === 'services' ? 'services' : 'embedded';
const GAMES = Number(args.games);
const PLAYERS = Number(args.players);
const INSTANCES = mode === 'embedded' ? 1 : Number(args.instances);
const POLLERS = Math.min(Number(args.pollers), GAMES);
const BURST_MS = Number(args['burst-ms']);
const ADMIN = 'bench-admin@example.com';
const PASSWORD = 'Bench-pass1!';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / (s.length || 1);
  return { count: s.length, mean: round(mean), p50: pct(s, 50), p95: pct(s, 95), p99: pct(s, 99), max: s.at(-1) ?? NaN };
};
const round = (n: number) => Math.round(n * 10) / 10;

async function call<T>(base: string, method: string, p: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(base + p, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p} -> ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Runs tasks with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, fn: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i] as T, i);
      }
    }),
  );
}

interface Game {
  id: string;
  seats: { playerId: string; token: string }[];
}

async function main() {
  console.log(`bench: mode=${mode} games=${GAMES} phones/game=${PLAYERS + 1} instances=${INSTANCES}`);
  const cluster = await startServers({ mode, count: INSTANCES, adminEmail: ADMIN, contentDir: args.content });
  const urls = cluster.servers.map((s) => s.url);
  const base = urls[0] as string;
  try {
    await call(base, 'POST', '/api/auth/signup', { displayName: 'Bench Host', email: ADMIN, password: PASSWORD });
    const { token: hostToken } = await call<{ token: string }>(base, 'POST', '/api/auth/login', { email: ADMIN, password: PASSWORD });
    const storylines = await call<TStoryline[]>(base, 'GET', '/api/storylines');
    const storyline = storylines.find((s) => s.status === 'published' && s.characterCount >= PLAYERS + 1);
    if (!storyline) throw new Error(`no storyline with ${PLAYERS + 1} characters`);

    // ---- setup: games played through the REST API ----
    const t0 = Date.now();
    const games: Game[] = [];
    await pool(Array.from({ length: GAMES }), 16, async () => {
      const g = await call<{ id: string; joinCode: string }>(base, 'POST', '/api/games', { storylineId: storyline.id }, hostToken);
      const view = await call<TGameView>(base, 'GET', `/api/games/${g.id}`, undefined, hostToken);
      const seats = [{ playerId: view.hostPlayerId as string, token: hostToken }];
      for (let p = 0; p < PLAYERS; p++) {
        const j = await call<{ token: string; playerId: string }>(urls[p % urls.length] as string, 'POST', `/api/games/${g.joinCode}/join`, { displayName: `P${p}` });
        seats.push({ playerId: j.playerId, token: j.token });
      }
      const chars = await call<TCharactersResponse>(base, 'GET', `/api/games/${g.id}/characters?playerCount=${seats.length}`, undefined, hostToken);
      for (const [i, seat] of seats.entries()) {
        await call(base, 'POST', `/api/games/${g.id}/assign-character`, { playerId: seat.playerId, characterId: chars.characters[i]?.id }, hostToken);
      }
      await call(base, 'PATCH', `/api/games/${g.id}`, { action: 'start' }, hostToken);
      await call(base, 'PATCH', `/api/games/${g.id}`, { action: 'set-phase', phase: 5 }, hostToken);
      games.push({ id: g.id, seats });
    });
    const setupS = (Date.now() - t0) / 1000;
    console.log(`setup: ${GAMES} games in ${setupS.toFixed(1)} s`);

    // ---- phones ----
    await sleep(1000);
    const before = await Promise.all(urls.map((u) => serverMemory(u)));
    const latencies: number[] = [];
    const lastVersion = new Map<Phone, number>();
    const phones: { socket: Phone; game: Game; seat: Game['seats'][number] }[] = [];
    const arrivals = new Map<string, Map<number, number>>(); // gameId -> version -> first arrival (for pollers)
    let phoneIndex = 0;
    await pool(games.flatMap((game) => game.seats.map((seat) => ({ game, seat }))), 200, async ({ game, seat }) => {
      const url = urls[phoneIndex++ % urls.length] as string;
      const socket: Phone = ioClient(url, { auth: { token: seat.token }, transports: ['websocket'], forceNew: true, reconnection: false });
      await new Promise<void>((res, rej) => {
        socket.once('connect', () => res());
        socket.once('connect_error', rej);
      });
      socket.on('room:snapshot', (e) => {
        const now = Date.now();
        latencies.push(now - e.serverTime);
        lastVersion.set(socket, Math.max(lastVersion.get(socket) ?? 0, e.version));
        const perGame = arrivals.get(game.id) ?? new Map<number, number>();
        if (!perGame.has(e.version)) perGame.set(e.version, e.serverTime);
        arrivals.set(game.id, perGame);
      });
      const ack = (await socket.timeout(30_000).emitWithAck('game:join', { gameId: game.id })) as TAck;
      if (!ack.ok) throw new Error(`join failed ${ack.error.message}`);
      phones.push({ socket, game, seat });
    });
    await sleep(2000);
    const after = await Promise.all(urls.map((u) => serverMemory(u)));
    // Heap + external (socket buffers) after a full GC, and RSS, both divided by the phones connected.
    const memPerPhone = after.reduce((a, m, i) => a + (m.heapUsed + m.external - ((before[i]?.heapUsed ?? 0) + (before[i]?.external ?? 0))), 0) / phones.length;
    const rssPerPhone = after.reduce((a, m, i) => a + (m.rss - (before[i]?.rss ?? 0)), 0) / phones.length;
    console.log(`phones: ${phones.length} connected; ${(memPerPhone / 1024).toFixed(1)} KB heap+external, ${(rssPerPhone / 1024).toFixed(1)} KB RSS per phone`);

    // ---- REST pollers (the old client: GET /api/games/{id} every 2 s) ----
    const pollSeen = new Map<string, Map<number, number>>();
    let pollErrors = 0;
    let polling = true;
    const pollers = games.slice(0, POLLERS).map(async (game, i) => {
      await sleep((i * 2000) / Math.max(1, POLLERS)); // spread phases like real phones
      while (polling) {
        const v = await call<TGameView>(urls[i % urls.length] as string, 'GET', `/api/games/${game.id}`, undefined, hostToken).catch(() => null);
        if (!v) {
          pollErrors++;
          await sleep(2000);
          continue;
        }
        const seen = pollSeen.get(game.id) ?? new Map<number, number>();
        for (let ver = 1; ver <= v.version; ver++) if (!seen.has(ver)) seen.set(ver, Date.now());
        pollSeen.set(game.id, seen);
        await sleep(2000);
      }
    });

    // ---- burst: every phone casts a suspect ballot within BURST_MS ----
    latencies.length = 0;
    const cpuBefore = cluster.servers.map((s) => processStats(s.pid));
    const burstStart = Date.now();
    let accepted = 0;
    let refused = 0;
    const ackLatencies: number[] = [];
    await Promise.all(
      phones.map(async ({ socket, game, seat }) => {
        await sleep(Math.random() * BURST_MS);
        const others = game.seats.filter((s) => s.playerId !== seat.playerId).map((s) => s.playerId);
        const suspects = others.sort(() => Math.random() - 0.5).slice(0, 3);
        const sent = Date.now();
        const ack = (await socket.timeout(30_000).emitWithAck('vote:suspects', { gameId: game.id, suspects })) as TAck;
        ackLatencies.push(Date.now() - sent);
        if (ack.ok) accepted++;
        else refused++;
      }),
    );
    const burstEnd = Date.now();
    await sleep(1500);
    const cpuAfter = cluster.servers.map((s) => processStats(s.pid));
    const pushLatency = summary(latencies);
    const wall = burstEnd - burstStart;
    const cpuShare = cpuAfter.map((s, i) => round((100 * (s.cpuMs - (cpuBefore[i]?.cpuMs ?? 0))) / (wall + 1500)));

    // Nothing lost: every phone of a game ends on the same, final version.
    const finalVersions = new Map<string, number>();
    for (const g of games) finalVersions.set(g.id, (await call<TGameView>(base, 'GET', `/api/games/${g.id}`, undefined, hostToken)).version);
    const behind = phones.filter((p) => (lastVersion.get(p.socket) ?? 0) !== finalVersions.get(p.game.id)).length;
    const revealed = await Promise.all(games.map((g) => call<TGameView>(base, 'GET', `/api/games/${g.id}`, undefined, hostToken)));
    const allRevealed = revealed.filter((v) => v.suspectVoting.topSuspects !== null).length;

    await sleep(4200); // let every poller see the final state
    polling = false;
    await Promise.all(pollers);
    const pollLatency: number[] = [];
    for (const [gameId, seen] of pollSeen) {
      const pushed = arrivals.get(gameId);
      if (!pushed) continue;
      for (const [ver, serverTime] of pushed) {
        const t = seen.get(ver);
        if (t !== undefined && t >= serverTime) pollLatency.push(t - serverTime);
      }
    }
    const polled = summary(pollLatency);

    // ---- REST read throughput ----
    const target = games[0] as Game;
    const ac = await autocannon({
      url: `${base}/api/games/${target.id}`,
      connections: 50,
      duration: Number(args['autocannon-s']),
      headers: { authorization: `Bearer ${hostToken}` },
    });

    const result = {
      at: new Date().toISOString(),
      mode,
      instances: INSTANCES,
      games: GAMES,
      phonesPerGame: PLAYERS + 1,
      phones: phones.length,
      setupSeconds: round(setupS),
      pushLatencyMs: pushLatency,
      /** Phone sends the ballot -> phone gets the ack: includes waiting behind other commands. */
      commandRoundTripMs: summary(ackLatencies),
      pollingLatencyMs: polled,
      pollingErrors: pollErrors,
      pushVsPollingMeanRatio: round(polled.mean / (pushLatency.mean || 1)),
      burst: { wallMs: wall, accepted, refused, commandsPerSecond: round((accepted + refused) / (wall / 1000)), phonesBehind: behind, gamesRevealed: allRevealed },
      restGetGame: { requestsPerSecond: ac.requests.average, p99LatencyMs: ac.latency.p99, errors: ac.errors, non2xx: ac.non2xx },
      memoryPerPhoneKB: round(memPerPhone / 1024),
      rssPerPhoneKB: round(rssPerPhone / 1024),
      cpuSharePercent: cpuShare,
    };
    console.table({
      'push latency (ms)': { mean: pushLatency.mean, p50: pushLatency.p50, p95: pushLatency.p95, p99: pushLatency.p99, max: pushLatency.max, samples: pushLatency.count },
      'vote round trip (ms)': { ...(({ count, ...r }) => ({ ...r, samples: count }))(summary(ackLatencies)) },
      '2 s polling (ms)': { mean: polled.mean, p50: polled.p50, p95: polled.p95, p99: polled.p99, max: polled.max, samples: polled.count },
    });
    console.table({
      burst: { commandsPerSec: result.burst.commandsPerSecond, accepted, refused, phonesBehind: behind, gamesRevealed: `${allRevealed}/${GAMES}` },
      rest: { 'GET game req/s': Math.round(ac.requests.average), 'p99 ms': ac.latency.p99, errors: ac.errors + ac.non2xx },
      server: { 'KB per phone': `${result.memoryPerPhoneKB} heap / ${result.rssPerPhoneKB} rss`, 'CPU %': cpuShare.join(' / '), 'push vs poll': `${result.pushVsPollingMeanRatio}x` },
    });
    const outDir = path.resolve(import.meta.dirname, '../../../bench/results');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, 'latest.json'), JSON.stringify(result, null, 2) + '\n');
    console.log(`written ${path.join(outDir, 'latest.json')}`);
    for (const p of phones) p.socket.close();
  } finally {
    await cluster.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
