import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, createServices, PASSWORD, startServer, TEST_MODE, uniqueEmail, type TestServer } from './harness.js';

describe(`accounts (${TEST_MODE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server?.close());
  const userCount = async () => Number((await server.ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  it('signs up, signs in case-insensitively, and refuses a wrong password with the same message as an unknown e-mail', async () => {
    const api = apiFor(server);
    const email = uniqueEmail();
    const up = await api<{ user: { displayName: string; role: string }; token: string }>('POST', '/api/auth/signup', { displayName: ' Ada ', email, password: PASSWORD });
    expect(up.status).toBe(201);
    expect(up.body.user).toMatchObject({ displayName: 'Ada', role: 'host' });
    const login = await api('POST', '/api/auth/login', { email: email.toUpperCase(), password: PASSWORD });
    expect(login.status).toBe(200);
    const wrong = await api<{ message: string }>('POST', '/api/auth/login', { email, password: 'Wrong-pass1!' });
    const unknown = await api<{ message: string }>('POST', '/api/auth/login', { email: uniqueEmail('nobody'), password: PASSWORD });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
    const dashboard = await api('GET', '/api/dashboard/active-games', undefined, up.body.token);
    expect(dashboard.status).toBe(200);
    expect((await api('GET', '/api/dashboard/active-games', undefined, `${up.body.token}x`)).status).toBe(401);
  });

  it('answers bad input with a 400 and a clear message, and writes no row', async () => {
    const api = apiFor(server);
    const before = await userCount();
    const cases: [unknown, RegExp][] = [
      ['{"displayName":', /not valid JSON/],
      [{ email: uniqueEmail(), password: PASSWORD }, /Display name is required/],
      [{ displayName: 'A', email: 'not-an-email', password: PASSWORD }, /valid e-mail/],
      [{ displayName: 'A', email: uniqueEmail(), password: 12345678 }, /expected string|Password/i],
      [{ displayName: 'A', email: uniqueEmail(), password: 'alllowercase1!' }, /uppercase/],
      [{ displayName: 'A', email: uniqueEmail(), password: 'NoDigits!!' }, /number/],
      [{ displayName: 'A'.repeat(200_000), email: uniqueEmail(), password: PASSWORD }, /too large/],
      [{ displayName: 'A\u0000B', email: uniqueEmail(), password: PASSWORD }, /NUL bytes/],
      [{ displayName: 'Pаul', email: uniqueEmail(), password: PASSWORD }, /one alphabet/],
    ];
    for (const [body, message] of cases) {
      const res = await api<{ error: string; message: string }>('POST', '/api/auth/signup', body);
      // An oversized body is 413, every other bad input 400.
      const tooLarge = message.source === 'too large';
      expect(res.status, JSON.stringify(res.body)).toBe(tooLarge ? 413 : 400);
      expect(res.body.error).toBe(tooLarge ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST');
      expect(res.body.message).toMatch(message);
    }
    expect(await userCount()).toBe(before);
  });

  it('creates one user when the same e-mail signs up many times in parallel', async () => {
    const api = apiFor(server);
    const email = uniqueEmail('race');
    const results = await Promise.all(Array.from({ length: 8 }, () => api('POST', '/api/auth/signup', { displayName: 'Racer', email, password: PASSWORD })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    // The others are refused: the account exists (409), or the per-e-mail sign-up limit answered first (429).
    expect(results.filter((r) => r.status === 409 || r.status === 429)).toHaveLength(7);
    expect(results.filter((r) => r.status === 409).length).toBeGreaterThan(0);
    const rows = await server.ctx.db.selectFrom('users').select('id').where('email_lower', '=', email.toLowerCase()).execute();
    expect(rows).toHaveLength(1);
  });

  it('gives the admin role to ADMIN_EMAILS and rate-limits sign-in', async () => {
    const email = uniqueEmail('boss');
    const limited = await startServer({ env: { ADMIN_EMAILS: ` ${email.toUpperCase()} `, AUTH_RATE_LIMIT: '5' } });
    try {
      const api = apiFor(limited);
      const up = await api<{ user: { role: string } }>('POST', '/api/auth/signup', { displayName: 'Boss', email, password: PASSWORD });
      expect(up.body.user.role).toBe('admin');
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await api('POST', '/api/auth/login', { email, password: PASSWORD })).status);
      expect(statuses.slice(0, 4).every((s) => s === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('reports health of database and live store', async () => {
    const res = await apiFor(server)<{ status: string; database: string; live: string }>('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: TEST_MODE === 'services' ? 'postgres' : 'pglite', live: TEST_MODE === 'services' ? 'redis' : 'memory' });
  });
});

describe.runIf(TEST_MODE === 'embedded')('embedded persistence and start-up', () => {
  it('keeps accounts across a restart on the same data dir', async () => {
    const services = await createServices('embedded');
    const email = uniqueEmail('persist');
    const first = await startServer({ services, mode: 'embedded' });
    await apiFor(first)('POST', '/api/auth/signup', { displayName: 'Kept', email, password: PASSWORD });
    await first.close();
    const second = await startServer({ services, mode: 'embedded' });
    try {
      expect((await apiFor(second)('POST', '/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    } finally {
      await second.close();
      await services.dispose();
    }
  });

  it('refuses to start with a bad config value, naming the variable', async () => {
    const serverFile = path.resolve(import.meta.dirname, '../src/server.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', serverFile], {
      env: { ...process.env, PORT: 'eighty', JWT_SECRET: 'short', DATA_DIR: '/tmp/ss-bad-config' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/PORT/);
    expect(stderr).toMatch(/JWT_SECRET: must be at least 32 characters/);
  });
});
