import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface BenchServer {
  url: string;
  pid: number;
  child: ChildProcess;
}

const appDir = path.resolve(import.meta.dirname, '..');

/** Starts `count` server processes (embedded: one only) and resolves when each prints its port. */
export async function startServers(opts: { mode: 'embedded' | 'services'; count: number; adminEmail: string; contentDir?: string; env?: Record<string, string> }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ss-bench-'));
  const cluster = `b${randomBytes(4).toString('hex')}`;
  let dbName: string | null = null;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    CLUSTER_NAME: cluster,
    ADMIN_EMAILS: opts.adminEmail,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '100000000',
    GAME_CREATE_LIMIT: '100000000',
    // The load benches connect every phone from this one machine: the per-address socket limits would refuse them.
    SOCKET_HANDSHAKES_PER_MINUTE: '100000000',
    SOCKETS_PER_ADDRESS: '100000000',
    // The bench's one host account is the host seat of every game, one socket per game.
    SOCKETS_PER_TOKEN: '100000000',
    ...(opts.contentDir ? { CONTENT_DIR: opts.contentDir } : {}),
    ...opts.env,
  };
  if (opts.mode === 'services') {
    dbName = `ss_${cluster}`;
    const admin = new pg.Client({ connectionString: 'postgres://root@127.0.0.1:5432/postgres' });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    env.DATABASE_URL = `postgres://root@127.0.0.1:5432/${dbName}`;
    env.REDIS_URL = 'redis://127.0.0.1:6379';
  }
  const servers: BenchServer[] = [];
  // Start one first so migrations and seeding run once, then the rest.
  for (let i = 0; i < opts.count; i++) servers.push(await startOne({ ...env, INSTANCE_ID: `bench-${i}` }));
  return {
    servers,
    async stop() {
      for (const s of servers) s.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => new Promise((r) => (s.child.exitCode !== null ? r(null) : s.child.once('exit', r)))));
      if (dbName) {
        const c = new pg.Client({ connectionString: 'postgres://root@127.0.0.1:5432/postgres' });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
        await c.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The V8 flags `pnpm start` and the Docker image run the server with (BENCH_NODE_FLAGS replaces them). */
const SERVER_NODE_FLAGS = '--max-semi-space-size=64';

/** The V8 flags of every server the bench starts (ours and the ceilings), and the profiler hook if asked for. */
const nodeFlags = () => [
  ...(process.env.BENCH_NODE_FLAGS ?? SERVER_NODE_FLAGS).split(' ').filter(Boolean),
  ...(process.env.BENCH_CPU_PROF ? ['--import', path.join(appDir, 'bench/profile-hook.mjs')] : []),
];

function startOne(env: Record<string, string>): Promise<BenchServer> {
  const child = spawn(process.execPath, ['--expose-gc', ...nodeFlags(), '--import', 'tsx', path.join(appDir, 'src/server.ts')], { env, cwd: appDir, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += String(d);
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/i.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve({ url: m[1], pid: child.pid ?? 0, child });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d) => (out += String(d)));
    child.once('exit', (code) => reject(new Error(`server exited ${code}:\n${out}`)));
  });
}

/**
 * Resident memory (bytes) and CPU time (ms) of a process, from /proc; with `reaped`, plus the CPU time of its
 * children that have ended (a Postgres server's finished backends).
 */
export function processStats(pid: number, reaped = false): { rss: number; cpuMs: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const field = (i: number) => Number(stat[i] ?? 0);
  const ticks = field(11) + field(12) + (reaped ? field(13) + field(14) : 0);
  return { rss: rssKb * 1024, cpuMs: (ticks * 1000) / 100 };
}

/**
 * CPU time (ms) of every process whose command name is one of `names` (Postgres, Redis), from /proc, counting the
 * backends that ended in their parent (so a backend ending during the burst does not take its time with it).
 */
export function cpuOfProcesses(names: readonly string[]): number {
  let ms = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (names.includes(readFileSync(`/proc/${pid}/comm`, 'utf8').trim())) ms += processStats(Number(pid), true).cpuMs;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ms;
}

/** Server-side memory after a full collection (the bench starts servers with --expose-gc); admins only. */
export async function serverMemory(url: string, adminToken: string): Promise<{ rss: number; heapUsed: number; external: number }> {
  const res = await fetch(`${url}/api/health?gc=1`, { headers: { authorization: `Bearer ${adminToken}` } });
  const body = (await res.json()) as { memory: { rss: number; heapUsed: number; external: number } };
  return body.memory;
}

/** Starts a ceiling server (bench/ceiling.ts) with its games made up front; durable gets a fresh database. */
export async function startCeiling(kind: 'memory' | 'durable', games: number, players: number) {
  const dbName = kind === 'durable' ? `ss_ceiling_${randomBytes(4).toString('hex')}` : null;
  if (dbName) {
    const admin = new pg.Client({ connectionString: 'postgres://root@127.0.0.1:5432/postgres' });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
  }
  const args = [...nodeFlags(), '--import', 'tsx', path.join(appDir, 'bench/ceiling.ts'), '--kind', kind, '--games', String(games), '--players', String(players)];
  if (dbName) args.push('--db', `postgres://root@127.0.0.1:5432/${dbName}`);
  const child = spawn(process.execPath, args, { cwd: appDir, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += String(d);
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    child.stderr?.on('data', (d: Buffer) => (out += String(d)));
    child.once('exit', (code) => reject(new Error(`ceiling exited ${code}:\n${out}`)));
  });
  return {
    servers: [{ url, pid: child.pid ?? 0, child }],
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      if (dbName) {
        const c = new pg.Client({ connectionString: 'postgres://root@127.0.0.1:5432/postgres' });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
        await c.end();
      }
    },
  };
}
