/**
 * pnpm bench [--mode embedded|services] [--games N] [--players P] [--instances I] [--pollers N] [--burst-ms MS]
 *            [--warmup W] [--transport socket|rest] [--ceiling memory|durable] [--compare]
 *   --transport rest: every ballot is a REST call (POST /api/games/{id}/suspect-votes, as a polling client votes);
 *                     the phones still follow the game over the socket (the pushes are measured the same way).
 *   --rest-connections kept|new: each REST phone votes on its own kept-alive connection, opened before the burst
 *                     (kept, the default), or on a new connection per ballot, closed after it (new: what the
 *                     server sees behind a proxy that keeps no upstream connections alive).
 *   --rest-client raw|node: the REST phones' HTTP client: a minimal one writing each request as one string (raw,
 *                     the default, as wrk or autocannon do) or node:http (see bench/rest-phones.mjs).
 *   --ceiling:        the same burst against a ceiling server of bench/ceiling.ts instead of this server.
 *   --compare:        this server, then the durable ceiling, then the memory ceiling, one after the other in this
 *                     run, and one table of the three (bytes pushed per phone per ballot, acks, ballots/s).
 *
 * Starts the server(s), plays N games (+ W warm-up games, 20 by default) of P players + host through the API,
 * connects every phone with socket.io-client, lets the warm-up games vote, then: a voting burst (every phone casts its suspect ballot within --burst-ms) measuring push
 * latency (server commit -> arrival at every phone), REST pollers every 2 s for comparison, commands/s, autocannon
 * on GET /api/games/{id}, memory per phone and CPU share. Prints a table, writes bench/results/latest.json.
 * Server CPU per ballot is printed as measured and net of the servers' idle CPU (measured over 2 s before the burst:
 * on a loaded machine the burst stretches, and the idle work of thousands of connected phones is not the ballots').
 * Env: BENCH_CPU_PROF=dir writes a CPU profile of each server covering the idle window and the burst (the idle and
 * net CPU figures then include the profiler's start, a second or more); BENCH_NODE_FLAGS passes
 * V8/Node flags to the servers instead of the ones production uses (`--max-semi-space-size=64`); BENCH_METRICS=1
 * prints the first server's own histogram of a ballot's time (REST: request in -> reply out; socket: event in ->
 * ack), to tell the server's share of an ack from the network's and the load generator's.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { io as ioClient, type Socket } from 'socket.io-client';
import { decodeRoomDelta, ROOM_DELTA, type ClientToServerEvents, type ServerToClientEvents, type TAck, type TCharactersResponse, type TGameView, type TStoryline } from '@ss/protocol';
import { apiCall } from '../../../scripts/api-call.mjs';
import { benchArgs } from './args.js';
import { cpuOfProcesses, processStats, serverMemory, startCeiling, startServers } from './servers.js';

type Phone = Socket<ServerToClientEvents, ClientToServerEvents>;

const args = benchArgs({
  mode: { type: 'string', default: 'embedded' },
  games: { type: 'string', default: '50' },
  players: { type: 'string', default: '9' },
  instances: { type: 'string', default: '1' },
  pollers: { type: 'string', default: '50' },
  'burst-ms': { type: 'string', default: '1000' },
  'autocannon-s': { type: 'string', default: '10' },
  content: { type: 'string' },
  ceiling: { type: 'string' },
  transport: { type: 'string', default: 'socket' },
  'rest-connections': { type: 'string', default: 'kept' },
  'rest-client': { type: 'string', default: 'raw' },
  compare: { type: 'boolean', default: false },
  warmup: { type: 'string', default: '20' },
});
const mode = args.mode === 'services' ? 'services' : 'embedded';
const COMPARE = process.argv.includes('--compare');
const TRANSPORT: 'socket' | 'rest' = args.transport === 'rest' ? 'rest' : 'socket';
const REST_NEW_CONNECTIONS = args['rest-connections'] === 'new';
const REST_CLIENT: 'raw' | 'node' = args['rest-client'] === 'node' ? 'node' : 'raw';
/** The server under test: this server (null) or a ceiling; `--compare` runs the three in turn. */
let CEILING: 'memory' | 'durable' | null = args.ceiling === 'memory' || args.ceiling === 'durable' ? args.ceiling : null;
const GAMES = Number(args.games);
/**
 * Games played before the measured burst, on the same server, so it is measured warm (its ballot path compiled by
 * the JIT) as a server that has been up for a while would be; the ceilings get the same warm-up.
 */
const WARMUP = Number(args.warmup);
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
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

const call = async <T>(base: string, method: string, p: string, body?: unknown, token?: string): Promise<T> => (await apiCall<T>(base, method, p, body, token)).body;

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
  if (!COMPARE) return void (await runOne());
  const rows: Record<string, unknown>[] = [];
  for (const target of [null, 'durable', 'memory'] as const) {
    CEILING = target;
    const r = await runOne();
    rows.push(r);
    await sleep(2000);
  }
  const table = Object.fromEntries(
    rows.map((r) => {
      const x = r as { label: string; transport: string; commandRoundTripMs: { p50: number; p99: number; max: number }; burst: { ballotsPerSecond: number; phonesBehind: number; gamesRevealed: number }; pushedBytesPerPhonePerBallot: number; lastBallotToRevealMs: { p99: number } };
      return [
        `${x.label}${x.label.startsWith('ceiling') ? '' : `, ballots over ${x.transport}`}`,
        { 'B/phone/ballot': x.pushedBytesPerPhonePerBallot, 'ack p50': x.commandRoundTripMs.p50, 'ack p99': x.commandRoundTripMs.p99, 'ack max': x.commandRoundTripMs.max, 'reveal p99': x.lastBallotToRevealMs.p99, 'ballots/s': x.burst.ballotsPerSecond, behind: x.burst.phonesBehind, revealed: `${x.burst.gamesRevealed}/${GAMES}` },
      ];
    }),
  );
  console.log(`\ncompare: ${GAMES} rooms x ${PLAYERS + 1} phones, load ${loadAverage()}`);
  console.table(table);
  const outDir = path.resolve(import.meta.dirname, '../../../bench/results');
  writeFileSync(path.join(outDir, 'compare-latest.json'), JSON.stringify(rows, null, 2) + '\n');
}

/** The machine's 1-minute load average (the bench shares the machine: a high load makes every number noisier). */
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0] ?? '?';

async function runOne(): Promise<Record<string, unknown>> {
  const label = CEILING ? `ceiling ${CEILING}` : `${mode}, ${INSTANCES} instance(s)`;
  console.log(`bench: ${label} games=${GAMES} phones/game=${PLAYERS + 1} ballots over ${CEILING ? 'socket' : TRANSPORT}${TRANSPORT === 'rest' && !CEILING ? ` (${REST_NEW_CONNECTIONS ? 'a new connection per ballot' : 'kept-alive connections'}, ${REST_CLIENT === 'node' ? 'node:http' : 'minimal client'})` : ''}, load ${loadAverage()}`);
  const cluster = CEILING ? await startCeiling(CEILING, GAMES + WARMUP, PLAYERS) : await startServers({ mode, count: INSTANCES, adminEmail: ADMIN, contentDir: args.content });
  const urls = cluster.servers.map((s) => s.url);
  const base = urls[0] as string;
  let hostToken = '';
  /** The version and reveal of every game after the burst, as the server holds them. */
  const finalStates = async (games: Game[]) => {
    if (CEILING) {
      const list = await call<{ id: string; version: number; revealed: boolean }[]>(base, 'GET', '/bench/games');
      return new Map(list.map((g) => [g.id, { version: g.version, revealed: g.revealed }]));
    }
    const out = new Map<string, { version: number; revealed: boolean }>();
    await pool(games, 32, async (g) => {
      const v = await call<TGameView>(base, 'GET', `/api/games/${g.id}`, undefined, hostToken);
      out.set(g.id, { version: v.version, revealed: v.suspectVoting.topSuspects !== null });
    });
    return out;
  };
  try {
    return await main2(base, urls, cluster, finalStates, label, (t) => (hostToken = t));
  } finally {
    await cluster.stop();
  }
}

async function main2(
  base: string,
  urls: string[],
  cluster: { servers: { pid: number }[] },
  finalStates: (games: Game[]) => Promise<Map<string, { version: number; revealed: boolean }>>,
  label: string,
  setToken: (t: string) => void,
): Promise<Record<string, unknown>> {
  let hostToken = '';
  /** The servers' memory before the first game (for the memory of an idle room). */
  let empty: Awaited<ReturnType<typeof serverMemory>>[] = [];
  const t0 = Date.now();
  const games: Game[] = [];
  if (CEILING) games.push(...(await call<Game[]>(base, 'GET', '/bench/games')).map((g) => ({ id: g.id, seats: g.seats })));
  else {
    await call(base, 'POST', '/api/auth/signup', { displayName: 'Bench Host', email: ADMIN, password: PASSWORD });
    hostToken = (await call<{ token: string }>(base, 'POST', '/api/auth/login', { email: ADMIN, password: PASSWORD })).token;
    setToken(hostToken);
    const storylines = await call<TStoryline[]>(base, 'GET', '/api/storylines');
    const storyline = storylines.find((s) => s.status === 'published' && s.characterCount >= PLAYERS + 1);
    if (!storyline) throw new Error(`no storyline with ${PLAYERS + 1} characters`);

    // ---- setup: games played through the REST API ----
    // The first game alone, then the servers' memory (the first game's start-up costs are not a room's), then
    // the others: their memory over that is what idle rooms cost.
    const setupOne = async () => {
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
    };
    await setupOne();
    await sleep(500);
    empty = await Promise.all(urls.map((u) => serverMemory(u, hostToken)));
    await pool(Array.from({ length: GAMES + WARMUP - 1 }), 16, setupOne);
  }
  const setupS = (Date.now() - t0) / 1000;
  console.log(`setup: ${GAMES} games (+ ${WARMUP} to warm up) in ${setupS.toFixed(1)} s`);
  const warmGames = games.splice(GAMES);

  // ---- phones ----
  await sleep(1000);
  const before = CEILING ? [] : await Promise.all(urls.map((u) => serverMemory(u, hostToken)));
  // An idle room: set up and started, no phone connected (its live room, working copy and caches).
  const rooms = GAMES + WARMUP - 1;
  const memPerRoom = CEILING ? NaN : before.reduce((a, m, i) => a + m.heapUsed + m.external - ((empty[i]?.heapUsed ?? 0) + (empty[i]?.external ?? 0)), 0) / rooms;
  const rssPerRoom = CEILING ? NaN : before.reduce((a, m, i) => a + m.rss - (empty[i]?.rss ?? 0), 0) / rooms;
  if (!CEILING) console.log(`rooms: ${rooms} idle; ${(memPerRoom / 1024).toFixed(1)} KB heap+external, ${(rssPerRoom / 1024).toFixed(1)} KB RSS per room`);
  const latencies: number[] = [];
  const lastVersion = new Map<Phone, number>();
  const phones: { socket: Phone; game: Game; seat: Game['seats'][number] }[] = [];
  const arrivals = new Map<string, Map<number, number>>(); // gameId -> version -> first arrival (for pollers)
  /** Bytes of pushed events (not acks) each phone received while counting (the burst). */
  const pushedBytes = new Map<Phone, number>();
  /** Pushed frames (events, not acks) the phones received while counting, by event name. */
  const pushedFrames = new Map<string, number>();
  let countBytes = false;
  /** When each phone saw its game's top 3 revealed. */
  const revealAt = new Map<Phone, number>();
  let phoneIndex = 0;
  const warmPhones: typeof phones = [];
  await pool([...games, ...warmGames].flatMap((game) => game.seats.map((seat) => ({ game, seat }))), 200, async ({ game, seat }) => {
    const url = urls[phoneIndex++ % urls.length] as string;
    const socket: Phone = ioClient(url, { auth: { token: seat.token }, transports: ['websocket'], forceNew: true, reconnection: false });
    await new Promise<void>((res, rej) => {
      socket.once('connect', () => res());
      socket.once('connect_error', rej);
    });
    // Engine.IO frames as they arrive: "42[...]" is a pushed event, "43..." an ack.
    socket.io.engine.on('packet', (packet: { type: string; data?: unknown }) => {
      if (!countBytes || packet.type !== 'message' || typeof packet.data !== 'string' || !packet.data.startsWith('2')) return;
      pushedBytes.set(socket, (pushedBytes.get(socket) ?? 0) + packet.data.length + 1);
      const name = /^2\d*\["([^"]+)"/.exec(packet.data)?.[1] ?? '?';
      pushedFrames.set(name, (pushedFrames.get(name) ?? 0) + 1);
    });
    socket.on(ROOM_DELTA, (...wire) => {
      const now = Date.now();
      const e = decodeRoomDelta(wire, null, now);
      latencies.push(now - e.serverTime);
      lastVersion.set(socket, Math.max(lastVersion.get(socket) ?? 0, e.to));
      if (e.events.includes('suspects_revealed') && !revealAt.has(socket)) revealAt.set(socket, now);
      const perGame = arrivals.get(game.id) ?? new Map<number, number>();
      if (!perGame.has(e.to)) perGame.set(e.to, e.serverTime);
      arrivals.set(game.id, perGame);
    });
    const ack = (await socket.timeout(60_000).emitWithAck('game:join', { gameId: game.id })) as TAck<{ game: { version: number } }>;
    if (!ack.ok) throw new Error(`join failed ${ack.error.message}`);
    lastVersion.set(socket, ack.data.game.version);
    (warmGames.includes(game) ? warmPhones : phones).push({ socket, game, seat });
  });
  await sleep(2000);
  let memPerPhone = NaN;
  let rssPerPhone = NaN;
  if (!CEILING) {
    const after = await Promise.all(urls.map((u) => serverMemory(u, hostToken)));
    // Heap + external (socket buffers) after a full GC, and RSS, both divided by the phones connected (the warm-up
    // games' phones included: they are connected too).
    const connected = phones.length + warmPhones.length;
    memPerPhone = after.reduce((a, m, i) => a + (m.heapUsed + m.external - ((before[i]?.heapUsed ?? 0) + (before[i]?.external ?? 0))), 0) / connected;
    rssPerPhone = after.reduce((a, m, i) => a + (m.rss - (before[i]?.rss ?? 0)), 0) / connected;
  }
  console.log(`phones: ${phones.length + warmPhones.length} connected; ${(memPerPhone / 1024).toFixed(1)} KB heap+external, ${(rssPerPhone / 1024).toFixed(1)} KB RSS per phone`);

  // ---- REST pollers (the old client: GET /api/games/{id} every 2 s) ----
  const pollSeen = new Map<string, Map<number, number>>();
  let pollErrors = 0;
  let polling = true;
  const pollers = (CEILING ? [] : games.slice(0, POLLERS)).map(async (game, i) => {
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

  const suspectsFor = (game: Game, seat: Game['seats'][number]) =>
    game.seats
      .filter((s) => s.playerId !== seat.playerId)
      .map((s) => s.playerId)
      .sort(() => Math.random() - 0.5)
      .slice(0, 3);
  const overRest = TRANSPORT === 'rest' && !CEILING;
  /** What the REST phones (a worker thread, bench/rest-phones.mjs) need to send a phone's ballot after `delayMs`. */
  const restPlan = (list: typeof phones): RestItem[] =>
    list.map(({ game, seat }) => ({ url: urls[game.seats.indexOf(seat) % urls.length] as string, gameId: game.id, token: seat.token, suspects: suspectsFor(game, seat), delayMs: Math.random() * BURST_MS }));
  /** Every phone of the list casts its ballot at a random instant within BURST_MS; answers each ack as read. */
  const castAll = async (list: typeof phones): Promise<{ results: RestResult[]; opened: number }> => {
    if (overRest) return askRestPhones({ kind: 'burst', items: restPlan(list), newConnections: REST_NEW_CONNECTIONS });
    const results = await Promise.all(
      list.map(async ({ socket, game, seat }) => {
        await sleep(Math.random() * BURST_MS);
        const sentAt = Date.now();
        const ack = (await socket.timeout(60_000).emitWithAck('vote:suspects', { gameId: game.id, suspects: suspectsFor(game, seat) })) as TAck;
        return { sentAt, ackMs: Date.now() - sentAt, ok: ack.ok };
      }),
    );
    return { results, opened: 0 };
  };
  // ---- warm-up: the warm-up games' phones vote the same way, unmeasured ----
  await castAll(warmPhones);
  await sleep(1500);

  // ---- REST voters: each phone's kept-alive connection is open before the burst, as a polling client's is ----
  if (overRest && !REST_NEW_CONNECTIONS) await askRestPhones({ kind: 'warm', items: restPlan(phones) });

  // With BENCH_CPU_PROF the servers profile the idle window and the burst (bench/profile-hook.mjs). Started before
  // the idle window: starting V8's profiler holds the server's thread for a second or more (it logs every compiled
  // function), which at the burst's start queued the first second of ballots into one commit.
  const toggleProfile = () => process.env.BENCH_CPU_PROF && cluster.servers.forEach((s) => process.kill(s.pid, 'SIGUSR2'));
  toggleProfile();

  // ---- the servers' idle CPU (socket pings, heartbeats, sweeps): 2 s with every phone connected and nothing sent ----
  const IDLE_MS = 2000;
  const idleBefore = cluster.servers.map((s) => processStats(s.pid).cpuMs);
  await sleep(IDLE_MS);
  const idleCpuPerMs = cluster.servers.reduce((a, s, i) => a + processStats(s.pid).cpuMs - (idleBefore[i] ?? 0), 0) / IDLE_MS;

  // ---- burst: every phone casts a suspect ballot within BURST_MS ----
  latencies.length = 0;
  countBytes = true;
  const cpuBefore = cluster.servers.map((s) => processStats(s.pid));
  const servicesBefore = { postgres: cpuOfProcesses(['postgres']), redis: cpuOfProcesses(['redis-server']), bench: processStats(process.pid).cpuMs };
  // This process's own event-loop delay over the burst: an ack waits in it too, so a busy load generator shows here.
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const burstStart = Date.now();
  const { results: acks, opened: restConnectionsInBurst } = await castAll(phones);
  const burstEnd = Date.now();
  const accepted = acks.filter((a) => a.ok).length;
  const refused = acks.length - accepted;
  const ackLatencies = acks.map((a) => a.ackMs);
  /** The moment the last ballot of each game was sent. */
  const lastBallot = new Map<string, number>();
  acks.forEach((a, i) => {
    const id = (phones[i] as (typeof phones)[number]).game.id;
    lastBallot.set(id, Math.max(lastBallot.get(id) ?? 0, a.sentAt));
  });
  loopDelay.disable();
  const loadGeneratorLoopDelayMs = { p50: round(loopDelay.percentile(50) / 1e6), p99: round(loopDelay.percentile(99) / 1e6), max: round(loopDelay.max / 1e6) };
  await sleep(1500);
  countBytes = false;
  const cpuAfter = cluster.servers.map((s) => processStats(s.pid));
  // The other CPU the burst costs the machine: Postgres, Redis, and this load generator (all share its cores).
  const perBallot = (ms: number) => round(ms / Math.max(1, accepted), 2);
  const othersCpuMsPerBallot = {
    postgres: perBallot(cpuOfProcesses(['postgres']) - servicesBefore.postgres),
    redis: perBallot(cpuOfProcesses(['redis-server']) - servicesBefore.redis),
    loadGenerator: perBallot(processStats(process.pid).cpuMs - servicesBefore.bench),
  };
  toggleProfile();
  const pushLatency = summary(latencies);
  const wall = burstEnd - burstStart;
  const cpuShare = cpuAfter.map((s, i) => round((100 * (s.cpuMs - (cpuBefore[i]?.cpuMs ?? 0))) / (wall + 1500)));
  // Less noisy than the latencies on a shared machine: the servers' CPU time (user + system) over the burst and
  // the 1.5 s after it, per accepted ballot.
  const cpuMsPerBallot = round(cpuAfter.reduce((a, s, i) => a + s.cpuMs - (cpuBefore[i]?.cpuMs ?? 0), 0) / Math.max(1, accepted), 2);
  // The same less the servers' idle CPU over that time: on a loaded machine the burst stretches, and the idle
  // work of every connected phone (pings, heartbeats) would be charged to the ballots.
  const idleCpuMsPerSecond = round(idleCpuPerMs * 1000);
  const netCpuMsPerBallot = round(cpuMsPerBallot - (idleCpuPerMs * (wall + 1500)) / Math.max(1, accepted), 2);
  const ballotsPerGame = PLAYERS + 1;
  const bytesPerPhonePerBallot = round(phones.reduce((a, p) => a + (pushedBytes.get(p.socket) ?? 0), 0) / phones.length / ballotsPerGame);
  const revealLatency = summary(phones.flatMap((p) => (revealAt.has(p.socket) ? [(revealAt.get(p.socket) as number) - (lastBallot.get(p.game.id) ?? 0)] : [])));
  const ackSummary = summary(ackLatencies);

  // Nothing lost: every phone of a game ends on the game's final version, every game revealed.
  const finals = await finalStates(games);
  if (process.env.BENCH_METRICS && !CEILING) {
    const m = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${hostToken}` } }).then((r) => r.text());
    console.log(m.split('\n').filter((l) => (l.includes('suspect-votes') || l.includes('vote:suspects')) && !l.startsWith('#')).join('\n'));
  }
  const behind = phones.filter((p) => (lastVersion.get(p.socket) ?? 0) !== finals.get(p.game.id)?.version).length;
  const allRevealed = games.filter((g) => finals.get(g.id)?.revealed).length;

  await sleep(CEILING ? 0 : 4200); // let every poller see the final state
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
  const ac = CEILING
    ? null
    : await autocannon({
        url: `${base}/api/games/${target.id}`,
        connections: 50,
        duration: Number(args['autocannon-s']),
        headers: { authorization: `Bearer ${hostToken}` },
      });

  const result = {
    at: new Date().toISOString(),
    label,
    mode: CEILING ? `ceiling-${CEILING}` : mode,
    instances: INSTANCES,
    games: GAMES,
    warmupGames: WARMUP,
    phonesPerGame: PLAYERS + 1,
    phones: phones.length,
    setupSeconds: round(setupS),
    pushLatencyMs: pushLatency,
    /** Phone sends the ballot -> phone gets the ack: includes waiting behind other commands. */
    commandRoundTripMs: ackSummary,
    /** The load generator's event-loop delay during the burst (ms): how long a ready ack could wait to be read. */
    loadGeneratorLoopDelayMs,
    /** Last ballot of a game sent -> the reveal of its top 3 arrives, on every phone of the game. */
    lastBallotToRevealMs: revealLatency,
    /** Bytes of pushed events per phone during the burst, divided by the ballots of its game. */
    pushedBytesPerPhonePerBallot: bytesPerPhonePerBallot,
    pushedFramesPerBallot: Object.fromEntries([...pushedFrames].map(([name, n]) => [name, round(n / Math.max(1, accepted), 2)])),
    pollingLatencyMs: polled,
    pollingErrors: pollErrors,
    burst: { wallMs: wall, accepted, refused, restConnectionsOpened: restConnectionsInBurst, ballotsPerSecond: round(accepted / (wall / 1000)), phonesBehind: behind, gamesRevealed: allRevealed },
    restGetGame: ac ? { requestsPerSecond: ac.requests.average, p99LatencyMs: ac.latency.p99, errors: ac.errors, non2xx: ac.non2xx } : null,
    memoryPerPhoneKB: round(memPerPhone / 1024),
    memoryPerIdleRoomKB: round(memPerRoom / 1024),
    rssPerIdleRoomKB: round(rssPerRoom / 1024),
    transport: TRANSPORT,
    restConnections: TRANSPORT === 'rest' ? (REST_NEW_CONNECTIONS ? 'new' : 'kept') : null,
    restClient: TRANSPORT === 'rest' ? REST_CLIENT : null,
    loadAverage: loadAverage(),
    rssPerPhoneKB: round(rssPerPhone / 1024),
    cpuSharePercent: cpuShare,
    serverCpuMsPerBallot: cpuMsPerBallot,
    serverIdleCpuMsPerSecond: idleCpuMsPerSecond,
    serverNetCpuMsPerBallot: netCpuMsPerBallot,
    othersCpuMsPerBallot,
  };
  console.table({
    'ballot ack (ms)': { mean: ackSummary.mean, p50: ackSummary.p50, p95: ackSummary.p95, p99: ackSummary.p99, max: ackSummary.max, samples: ackSummary.count },
    'last ballot -> reveal (ms)': { mean: revealLatency.mean, p50: revealLatency.p50, p95: revealLatency.p95, p99: revealLatency.p99, max: revealLatency.max, samples: revealLatency.count },
    'push latency (ms)': { mean: pushLatency.mean, p50: pushLatency.p50, p95: pushLatency.p95, p99: pushLatency.p99, max: pushLatency.max, samples: pushLatency.count },
    'load generator loop delay (ms)': { p50: loadGeneratorLoopDelayMs.p50, p99: loadGeneratorLoopDelayMs.p99, max: loadGeneratorLoopDelayMs.max },
  });
  console.table({
    burst: { 'ballots/s': result.burst.ballotsPerSecond, accepted, refused, ...(TRANSPORT === 'rest' ? { 'new conns': restConnectionsInBurst } : {}), phonesBehind: behind, gamesRevealed: `${allRevealed}/${GAMES}`, 'pushed B/phone/ballot': bytesPerPhonePerBallot },
    server: { 'CPU %': cpuShare.join(' / '), 'CPU ms/ballot': `${cpuMsPerBallot}, net of idle ${netCpuMsPerBallot} (+ pg ${othersCpuMsPerBallot.postgres}, redis ${othersCpuMsPerBallot.redis})`, 'KB per phone': `${result.memoryPerPhoneKB} heap / ${result.rssPerPhoneKB} rss`, 'KB per idle room': `${result.memoryPerIdleRoomKB} heap / ${result.rssPerIdleRoomKB} rss`, 'GET game req/s': ac ? Math.round(ac.requests.average) : '-' },
  });
  const outDir = path.resolve(import.meta.dirname, '../../../bench/results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'latest.json'), JSON.stringify(result, null, 2) + '\n');
  console.log(`written ${path.join(outDir, 'latest.json')}`);
  for (const p of [...phones, ...warmPhones]) p.socket.close();
  return result;
}

/**
 * The REST phones: a worker thread (bench/rest-phones.mjs) holds each phone's kept-alive connection (node:http,
 * one agent a phone, opened before the burst as a polling phone's is), sends each ballot on its own schedule and
 * times its ack where it is read. (Until 2026-11-27 the phones shared one agent warmed 400 at a time: 1,600 of the
 * 2,000 ballots opened a new connection in the burst, and ballots on new connections reach the command bus one at
 * a time. `--rest-connections new` measures that case on purpose. Until 2026-11-28 they shared this process's
 * event loop with the socket clients, whose push decoding held their timers back.)
 */
type RestItem = { url: string; gameId: string; token: string; suspects: string[]; delayMs: number };
type RestResult = { sentAt: number; ackMs: number; ok: boolean };
let restWorker: Worker | null = null;
/** One request to the REST phones and its answer; `opened` counts the connections it opened. */
function askRestPhones(msg: { kind: 'warm'; items: RestItem[] }): Promise<{ opened: number }>;
function askRestPhones(msg: { kind: 'burst'; items: RestItem[]; newConnections: boolean }): Promise<{ results: RestResult[]; opened: number }>;
function askRestPhones(msg: { kind: string }): Promise<unknown> {
  const worker = (restWorker ??= new Worker(new URL('./rest-phones.mjs', import.meta.url), { workerData: { client: REST_CLIENT } }));
  return new Promise((resolve, reject) => {
    worker.once('message', (reply) => {
      worker.off('error', reject);
      resolve(reply);
    });
    worker.once('error', reject);
    worker.postMessage(msg);
  });
}

main()
  .then(() => restWorker?.terminate())
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
