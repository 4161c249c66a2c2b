import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io as ioClient, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, CommandTable, ServerToClientEvents, TAck } from '@ss/protocol';
import { buildApp, type BuiltApp } from '../src/app.js';
import { loadConfig } from '../src/env.js';
import { FIXTURE_CONTENT_DIR } from './fixture-storyline.js';

export { FIXTURE_CONTENT_DIR };

/** embedded (PGlite + in-process live store) or services (Postgres + Redis), chosen by TEST_MODE. */
export const TEST_MODE = process.env.TEST_MODE === 'services' ? 'services' : 'embedded';
export const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestServer extends BuiltApp {
  url: string;
  close(): Promise<void>;
}

export interface SharedServices {
  databaseUrl?: string;
  dataDir: string;
  cluster: string;
  jwtSecret: string;
  dispose(): Promise<void>;
}

/** A fresh database (services) or data dir (embedded), shareable by several server instances. */
export async function createServices(mode = TEST_MODE): Promise<SharedServices> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ss-test-'));
  const cluster = `t${randomBytes(5).toString('hex')}`;
  const jwtSecret = randomBytes(32).toString('hex');
  if (mode === 'embedded') {
    return { dataDir, cluster, jwtSecret, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const dbName = `ss_${cluster}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
  return {
    databaseUrl,
    dataDir,
    cluster,
    jwtSecret,
    dispose: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Builds and listens on an ephemeral port. Pass `services` to share a database between instances. */
export async function startServer(
  opts: { services?: SharedServices; env?: Record<string, string>; mode?: 'embedded' | 'services'; commandTable?: CommandTable } = {},
): Promise<TestServer> {
  const mode = opts.mode ?? TEST_MODE;
  const owned = opts.services ? null : await createServices(mode);
  const services = opts.services ?? (owned as SharedServices);
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: services.dataDir,
    JWT_SECRET: services.jwtSecret,
    CLUSTER_NAME: services.cluster,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    AUTH_RATE_LIMIT: '100000',
    GAME_CREATE_LIMIT: '100000',
    SOCKET_HANDSHAKES_PER_MINUTE: '100000',
    // The game engine is tested on a small fixture storyline; the real storylines have their own content test.
    CONTENT_DIR: FIXTURE_CONTENT_DIR,
    ...(mode === 'services' ? { DATABASE_URL: services.databaseUrl ?? '', REDIS_URL: TEST_REDIS_URL } : {}),
    ...opts.env,
  });
  const built = await buildApp(config, opts.commandTable ? { commandTable: opts.commandTable } : {});
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = built.app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    ...built,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await built.app.close();
      await owned?.dispose();
    },
  };
}

export interface Api {
  <T = unknown>(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }>;
}

export function apiFor(server: { url: string }): Api {
  return async (method, p, body, token) => {
    const res = await fetch(server.url + p, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as never };
  };
}

let seq = 0;
export const uniqueEmail = (prefix = 'host') => `${prefix}-${Date.now()}-${seq++}-${randomBytes(3).toString('hex')}@example.com`;
export const PASSWORD = 'Sup3r-secret!';

export async function signupHost(api: Api, opts: { email?: string; displayName?: string } = {}) {
  const email = opts.email ?? uniqueEmail();
  const res = await api<{ token: string; user: { id: string } }>('POST', '/api/auth/signup', {
    displayName: opts.displayName ?? 'Host',
    email,
    password: PASSWORD,
  });
  if (res.status !== 201) throw new Error(`signup failed ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token, userId: res.body.user.id, email };
}

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export function connectSocket(server: { url: string }, token: string | undefined): Promise<ClientSocket> {
  const socket: ClientSocket = ioClient(server.url, {
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Emits with an ack and unwraps `{ ok, data | error }`. */
export async function emitAck<T>(socket: ClientSocket, event: string, payload: unknown): Promise<TAck<T>> {
  const timed = (socket as unknown as { timeout(ms: number): { emitWithAck(e: string, p: unknown): Promise<TAck<T>> } }).timeout(5000);
  return timed.emitWithAck(event, payload);
}

/** Resolves with the first event matching the predicate within the timeout. */
export function waitFor<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  predicate: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
  timeoutMs = 3000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler as never);
      reject(new Error(`timed out waiting for ${String(event)}`));
    }, timeoutMs);
    const handler = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!predicate(payload)) return;
      clearTimeout(timer);
      socket.off(event, handler as never);
      resolve(payload);
    };
    socket.on(event, handler as never);
  });
}

/** Signs up, or signs in when the account already exists (tests reuse one admin e-mail per server). */
export async function hostSession(api: Api, email: string, displayName = 'Host') {
  const login = await api<{ token: string; user: { id: string } }>('POST', '/api/auth/login', { email, password: PASSWORD });
  if (login.status === 200) return { token: login.body.token, userId: login.body.user.id, email };
  return signupHost(api, { email, displayName });
}
