import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io as ioClient } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeRoomDelta, ROOM_DELTA, type TJoinAckData, type TAck } from '@ss/protocol';
import { apiFor, FIXTURE_CONTENT_DIR, PASSWORD, startServer, TEST_MODE, uniqueEmail, type Api, type ClientSocket } from './harness.js';
import { assignAll } from './game-setup.js';

const appDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return port;
}

interface Child {
  proc: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** `tsx src/server.ts` as a real process; resolves once it prints the address it listens on. */
function spawnServer(env: Record<string, string>): Promise<Child> {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(appDir, 'src/server.ts')], {
    cwd: appDir,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', CONTENT_DIR: FIXTURE_CONTENT_DIR, AUTH_RATE_LIMIT: '100000', GAME_CREATE_LIMIT: '100000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d) => (out += String(d)));
  proc.stderr?.on('data', (d) => (out += String(d)));
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 90_000);
    const check = () => {
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ proc, url: m[1], output: () => out, exited });
      }
    };
    proc.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited ${code}:\n${out}`));
    });
  });
}

/** A phone as the web client behaves: reconnects by itself and asks game:join after every (re)connection. */
function phone(url: string, token: string, gameId: string) {
  const socket: ClientSocket = ioClient(url, { auth: { token }, transports: ['websocket'], reconnectionDelay: 200, reconnectionDelayMax: 1000, forceNew: true });
  const state = { version: -1, reasons: [] as string[] };
  socket.on('connect', () => {
    socket.timeout(5000).emit('game:join', { gameId }, (err: Error | null, res?: TAck<TJoinAckData>) => {
      if (!err && res?.ok) state.version = Math.max(state.version, res.data.game.version);
    });
  });
  socket.on(ROOM_DELTA, (...wire) => (state.version = Math.max(state.version, decodeRoomDelta(wire, null, Date.now()).to)));
  socket.on('disconnect', (reason) => state.reasons.push(reason));
  return { socket, state };
}

async function until<T>(fn: () => Promise<T | undefined | false> | T | undefined | false, ms: number, what: string): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await sleep(100);
  }
}

async function lobbyOf(api: Api, admin: string, players: number) {
  const host = await api<{ token: string }>('POST', '/api/auth/signup', { displayName: 'Host', email: admin, password: PASSWORD });
  const storylines = await api<{ id: string; status: string; characterCount: number }[]>('GET', '/api/storylines');
  const storyline = storylines.body.find((s) => s.status === 'published' && s.characterCount > 0)!;
  const created = await api<{ id: string; joinCode: string }>('POST', '/api/games', { storylineId: storyline.id }, host.body.token);
  const seats: { token: string; playerId: string; displayName: string }[] = [];
  for (let i = 0; i < players; i++) {
    const res = await api<{ token: string; playerId: string }>('POST', `/api/games/${created.body.joinCode}/join`, { displayName: `Phone ${i + 1}` });
    seats.push({ ...res.body, displayName: `Phone ${i + 1}` });
  }
  return { api, host: { token: host.body.token, userId: '', email: admin }, gameId: created.body.id, joinCode: created.body.joinCode, players: seats, storyline: storyline as never };
}

describe.runIf(TEST_MODE === 'embedded')('faults: restart and data-dir ownership', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const dataDir = () => {
    const d = mkdtempSync(path.join(os.tmpdir(), 'ss-fault-'));
    dirs.push(d);
    return d;
  };

  it('SIGTERM during a game: the in-flight command finishes, every phone is back and in sync within 10 s', async () => {
    const port = String(await freePort());
    const env = { DATA_DIR: dataDir(), PORT: port, JWT_SECRET: randomBytes(32).toString('hex'), ADMIN_EMAILS: uniqueEmail('restart-admin') };
    const first = await spawnServer(env);
    children.push(first.proc);
    const api = apiFor(first);
    const lobby = await lobbyOf(api, env.ADMIN_EMAILS, 4);
    await assignAll(lobby as never);
    expect((await api('PATCH', `/api/games/${lobby.gameId}`, { action: 'start', commandId: randomUUID() }, lobby.host.token)).status).toBe(200);
    const phones = [lobby.host.token, ...lobby.players.map((p) => p.token)].map((t) => phone(first.url, t, lobby.gameId));
    await until(() => phones.every((p) => p.state.version > 0), 10_000, 'phones joined');

    // A command in flight when SIGTERM arrives is finished and answered, not cut off.
    const commandId = randomUUID();
    const inFlight = api<{ game: { currentPhase: number } }>('PATCH', `/api/games/${lobby.gameId}`, { action: 'advance', fromPhase: 0, commandId }, lobby.host.token);
    await sleep(15);
    const t0 = Date.now();
    first.proc.kill('SIGTERM');
    const answered = await inFlight.catch((err: Error) => ({ status: 0, body: { error: err.message } }));
    expect([200, 503]).toContain(answered.status);
    expect(await first.exited).toBe(0);
    expect(first.output()).not.toMatch(/unhandled|Error:/i);

    const second = await spawnServer(env);
    children.push(second.proc);
    // From the moment the restarted server listens (its start-up time under load is not the phones' doing).
    const ready = Date.now();
    const view = await until(async () => {
      const v = await apiFor(second)<{ version: number; currentPhase: number }>('GET', `/api/games/${lobby.gameId}`, undefined, lobby.host.token);
      return v.status === 200 ? v.body : undefined;
    }, 10_000, 'the restarted server');
    if (answered.status === 200) expect(view.currentPhase).toBe(1); // the answered command was kept
    await until(() => phones.every((p) => p.socket.connected && p.state.version === view.version), 10_000, 'every phone back in sync');
    expect(Date.now() - ready).toBeLessThan(10_000);
    expect(Date.now()).toBeGreaterThan(t0);
    // Nobody was told "server disconnect" (which socket.io-client never retries).
    for (const p of phones) expect(p.state.reasons).not.toContain('io server disconnect');
    for (const p of phones) p.socket.close();
    second.proc.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 180_000);

  it('two servers on one embedded data directory: the second refuses with a clear message; a dead owner’s lock is taken over', async () => {
    const dir = dataDir();
    const env = { DATA_DIR: dir, PORT: '0', JWT_SECRET: randomBytes(32).toString('hex') };
    const first = await spawnServer(env);
    children.push(first.proc);
    const second = await spawnServer(env).then(
      () => null,
      (err: Error) => err.message,
    );
    expect(second).toMatch(/server exited 1/);
    expect(second).toMatch(/Another server \(pid \d+.*is using the data directory/);
    // The first keeps working: nothing of it was opened twice.
    expect((await apiFor(first)('GET', '/api/health')).status).toBe(200);
    first.proc.kill('SIGKILL');
    await first.exited;
    const third = await spawnServer(env);
    children.push(third.proc);
    expect((await apiFor(third)('GET', '/api/health')).status).toBe(200);
    third.proc.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 180_000);
});

describe.runIf(TEST_MODE === 'embedded')('faults: Redis outage', () => {
  let redis: ChildProcess | null = null;
  const dirs: string[] = [];
  afterAll(() => {
    redis?.kill('SIGKILL');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  /** Our own redis-server on a free port (never the shared one), nothing kept on disk. */
  async function startRedis(port: number): Promise<ChildProcess> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ss-redis-'));
    dirs.push(dir);
    const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
    await until(
      () =>
        new Promise<boolean>((resolve) => {
          const s = net.connect(port, '127.0.0.1', () => {
            s.end();
            resolve(true);
          });
          s.on('error', () => resolve(false));
        }),
      10_000,
      'redis-server',
    );
    return proc;
  }

  it('Redis stopped 10 s: only 503s (never a 500, nothing over 2 s), nothing lost, recovery without restart', async () => {
    const port = await freePort();
    redis = await startRedis(port);
    const admin = uniqueEmail('redis-admin');
    const server = await startServer({ mode: 'embedded', env: { REDIS_URL: `redis://127.0.0.1:${port}`, ADMIN_EMAILS: admin } });
    try {
      const api = apiFor(server);
      const lobby = await lobbyOf(api, admin, 3);
      const phones = [lobby.host.token, ...lobby.players.map((p) => p.token)].map((t) => phone(server.url, t, lobby.gameId));
      await until(() => phones.every((p) => p.state.version > 0), 10_000, 'phones joined');
      const before = await api<{ version: number }>('GET', `/api/games/${lobby.gameId}`, undefined, lobby.host.token);

      redis.kill('SIGTERM');
      await new Promise((r) => redis!.once('exit', r));
      const stoppedAt = Date.now();
      const results: { what: string; status: number; ms: number }[] = [];
      const timed = async (what: string, p: Promise<{ status: number }>) => {
        const t = performance.now();
        const res = await p;
        results.push({ what, status: res.status, ms: performance.now() - t });
        return res;
      };
      const pending = new Map<string, number>(); // commandId -> expectedPlayers, refused during the outage
      let n = 0;
      while (Date.now() - stoppedAt < 10_000) {
        n += 1;
        const commandId = randomUUID();
        const patch = await timed('patch', api('PATCH', `/api/games/${lobby.gameId}`, { action: 'set-expected-players', expectedPlayers: 4 + (n % 5), commandId }, lobby.host.token));
        if (patch.status === 503) pending.set(commandId, 4 + (n % 5));
        await timed('read', api('GET', `/api/games/${lobby.gameId}`, undefined, lobby.players[0]!.token));
        await timed('join', api('POST', `/api/games/${lobby.joinCode}/join`, { displayName: `Late ${n}` }));
        await timed('login', api('POST', '/api/auth/login', { email: admin, password: PASSWORD }));
        const ack = await phones[1]!.socket.timeout(2500).emitWithAck('game:join', { gameId: lobby.gameId }).catch(() => null);
        results.push({ what: 'socket', status: ack === null ? 0 : ack.ok ? 200 : ack.error.status, ms: 0 });
        await sleep(200);
      }
      expect(results.filter((r) => r.status >= 500 && r.status !== 503)).toEqual([]);
      expect(results.filter((r) => r.status === 0)).toEqual([]);
      expect(results.filter((r) => r.ms > 2000)).toEqual([]);
      for (const what of ['patch', 'read', 'join', 'socket']) expect(results.filter((r) => r.what === what).every((r) => r.status === 503), what).toBe(true);
      // The rate limiter counted locally instead of refusing: sign-in still works without Redis.
      expect(results.filter((r) => r.what === 'login').every((r) => r.status === 200)).toBe(true);

      redis = await startRedis(port);
      // Back without a restart: reads, commands and pushes work again.
      const after = await until(async () => {
        const v = await api<{ version: number; expectedPlayers: number | null }>('GET', `/api/games/${lobby.gameId}`, undefined, lobby.host.token);
        return v.status === 200 ? v.body : undefined;
      }, 15_000, 'reads after Redis returns');
      expect(after.version).toBe(before.body.version); // nothing refused was applied
      const [retryId, expected] = [...pending.entries()].at(-1)!;
      const retried = await api<{ game: { expectedPlayers: number } }>('PATCH', `/api/games/${lobby.gameId}`, { action: 'set-expected-players', expectedPlayers: expected, commandId: retryId }, lobby.host.token);
      expect(retried.status).toBe(200);
      expect(retried.body.game.expectedPlayers).toBe(expected);
      await until(() => phones.every((p) => p.state.version === after.version + 1), 15_000, 'pushes after Redis returns');
      for (const p of phones) p.socket.close();
    } finally {
      await server.close();
    }
  }, 180_000);
});
