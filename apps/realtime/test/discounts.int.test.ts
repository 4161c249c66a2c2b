import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDiscountCode } from '@ss/protocol';
import { grantAdmin } from '../src/cli/admin-grant.js';
import { apiFor, createServices, PASSWORD, signupHost, startServer, TEST_MODE, TEST_REDIS_URL, uniqueEmail, type Api, type TestServer } from './harness.js';
import { insertCode } from './payment-fixtures.js';

const ADMIN = uniqueEmail('owner');
const endOfDayUtc = (days: number) => {
  const n = new Date();
  return new Date(Date.UTC(n.getUTCFullYear(), n.getUTCMonth(), n.getUTCDate() + days, 23, 59, 59, 999)).toISOString();
};

describe('discount codes', () => {
  let server: TestServer;
  let api: Api;
  let admin: string;
  let host: { token: string; userId: string };

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_EMAILS: ADMIN } });
    api = apiFor(server);
    admin = (await signupHost(api, { email: ADMIN })).token;
    host = await signupHost(api);
  });
  afterAll(async () => server?.close());

  it('admin API: 401 without a token, 403 for a host, works for an admin', async () => {
    const body = { name: 'Spring', prefix: 'SS', discountType: 'percentage', discountValue: 20, daysValid: 30 };
    expect((await api('GET', '/api/admin/discount-codes')).status).toBe(401);
    expect((await api('POST', '/api/admin/discount-codes', body)).status).toBe(401);
    expect((await api('DELETE', '/api/admin/discount-codes/00000000-0000-4000-8000-000000000000')).status).toBe(401);
    expect((await api('GET', '/api/admin/discount-codes', undefined, host.token)).status).toBe(403);
    expect((await api('POST', '/api/admin/discount-codes', body, host.token)).status).toBe(403);
    expect((await api('DELETE', '/api/admin/discount-codes/00000000-0000-4000-8000-000000000000', undefined, host.token)).status).toBe(403);
    expect((await api('GET', '/api/admin/discount-codes', undefined, admin)).status).toBe(200);
    expect(await server.ctx.db.selectFrom('discount_codes').select('id').execute()).toHaveLength(0);
  });

  it('generates prefix + 6 A-Z0-9 with end-of-day expiry, usage limit null when not given', async () => {
    const res = await api<TDiscountCode>('POST', '/api/admin/discount-codes', { name: 'Launch', prefix: 'ss', discountType: 'percentage', discountValue: 25, daysValid: 30, usageLimit: null, isActive: true }, admin);
    expect(res.status).toBe(201);
    expect(res.body.code).toMatch(/^SS[A-Z0-9]{6}$/);
    expect(res.body).toMatchObject({ name: 'Launch', discountType: 'percentage', discountValue: 25, usageLimit: null, timesUsed: 0, isActive: true });
    expect(res.body.expiresAt).toBe(endOfDayUtc(30));

    const many = await Promise.all(
      Array.from({ length: 10 }, () => api<TDiscountCode>('POST', '/api/admin/discount-codes', { name: 'Bulk', prefix: 'BULK', discountType: 'fixed_amount', discountValue: 500, daysValid: 1, usageLimit: 5 }, admin)),
    );
    expect(new Set(many.map((m) => m.body.code)).size).toBe(10);

    const explicit = await api<TDiscountCode>('POST', '/api/admin/discount-codes', { code: ' vip-2026 ', name: 'VIP', discountType: 'fixed_amount', discountValue: 1000, expiresAt: null, usageLimit: 2, isActive: true }, admin);
    expect(explicit.body).toMatchObject({ code: 'VIP-2026', expiresAt: null, usageLimit: 2 });
    const dup = await api('POST', '/api/admin/discount-codes', { code: 'VIP-2026', name: 'VIP again', discountType: 'percentage', discountValue: 5 }, admin);
    expect(dup.status).toBe(409);

    const list = await api<TDiscountCode[]>('GET', '/api/admin/discount-codes', undefined, admin);
    expect(list.body.map((c) => c.code)).toEqual(expect.arrayContaining([res.body.code, 'VIP-2026']));
  });

  it('refuses bad admin input and creates nothing', async () => {
    const before = (await server.ctx.db.selectFrom('discount_codes').select('id').execute()).length;
    const bad = [
      { prefix: 'SS', discountType: 'percentage', discountValue: 10, daysValid: 30 }, // no name
      { name: 'X', prefix: 'SS', discountType: 'bogus', discountValue: 10, daysValid: 30 },
      { name: 'X', prefix: 'SS', discountType: 'percentage', discountValue: 12.5, daysValid: 30 },
      { name: 'X', prefix: 'SS', discountType: 'percentage', discountValue: 150, daysValid: 30 },
      { name: 'X', prefix: 'SS', discountType: 'percentage', discountValue: 10, daysValid: 1.5 },
      { name: 'X', prefix: 'S S!', discountType: 'percentage', discountValue: 10, daysValid: 30 },
    ];
    for (const body of bad) {
      const r = await api<{ error: string }>('POST', '/api/admin/discount-codes', body, admin);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect((await server.ctx.db.selectFrom('discount_codes').select('id').execute()).length).toBe(before);
  });

  it('validates codes, trimmed and uppercased; only an admin hears why a code is refused', async () => {
    await insertCode(server, 'GOOD20', { value: 20 });
    await insertCode(server, 'OFF500', { type: 'fixed_amount', value: 500 });
    await insertCode(server, 'OLD', { expiresAt: new Date(Date.now() - 1000) });
    await insertCode(server, 'ONCE', { limit: 1 });
    const v = (code: string) => api<Record<string, unknown>>('POST', '/api/validate-discount-code', { code });
    expect((await v('  good20 ')).body).toEqual({ valid: true, discount: 20, discountType: 'percentage', discountValue: 20, reason: null, message: null });
    expect((await v('off500')).body).toMatchObject({ valid: true, discountType: 'fixed_amount', discountValue: 500 });
    expect((await v('nothing')).body).toMatchObject({ valid: false, reason: 'unknown', discount: 0 });
    // Expired, used up or inactive: to anyone but an admin, as "not valid" as a code that never existed.
    expect((await v('old')).body).toEqual((await v('nothing')).body);
    expect((await api('POST', '/api/validate-discount-code', { code: 'old' }, admin)).body).toMatchObject({ valid: false, reason: 'expired' });

    expect((await api('POST', '/api/use-discount-code', { code: 'once' })).status).toBe(401);
    const used = await api('POST', '/api/use-discount-code', { code: 'once' }, host.token);
    expect(used.body).toEqual({ success: true });
    expect((await v('once')).body).toMatchObject({ valid: false, reason: 'unknown' });
    expect((await api('POST', '/api/validate-discount-code', { code: 'once' }, admin)).body).toMatchObject({ valid: false, reason: 'used_up' });
    const again = await api('POST', '/api/use-discount-code', { code: 'once' }, host.token);
    expect(again.status).toBe(400);
    const row = await server.ctx.db.selectFrom('discount_codes').select('times_used').where('code', '=', 'ONCE').executeTakeFirstOrThrow();
    expect(row.times_used).toBe(1);
  });

  it('deactivates softly: the code stays listed, inactive, and is refused', async () => {
    const created = await api<TDiscountCode>('POST', '/api/admin/discount-codes', { name: 'Retire me', prefix: 'RT', discountType: 'percentage', discountValue: 10, daysValid: 7 }, admin);
    const del = await api<TDiscountCode>('DELETE', `/api/admin/discount-codes/${created.body.id}`, undefined, admin);
    expect(del.status).toBe(200);
    expect(del.body.isActive).toBe(false);
    const list = await api<TDiscountCode[]>('GET', '/api/admin/discount-codes', undefined, admin);
    expect(list.body.find((c) => c.id === created.body.id)?.isActive).toBe(false);
    expect((await api('POST', '/api/validate-discount-code', { code: created.body.code })).body).toMatchObject({ valid: false, reason: 'unknown' });
    expect((await api('POST', '/api/validate-discount-code', { code: created.body.code }, admin)).body).toMatchObject({ valid: false, reason: 'inactive' });
    expect((await api('DELETE', '/api/admin/discount-codes/00000000-0000-4000-8000-000000000000', undefined, admin)).status).toBe(404);
    expect((await api('DELETE', '/api/admin/discount-codes/not-a-uuid', undefined, admin)).status).toBe(404);
  });
});

describe('admin:grant CLI', () => {
  it('makes an existing account admin; the admin API opens without signing in again', async () => {
    const services = await createServices();
    try {
      const email = uniqueEmail('later-admin');
      let server = await startServer({ services });
      let api = apiFor(server);
      const { token } = await signupHost(api, { email });
      expect((await api('GET', '/api/admin/discount-codes', undefined, token)).status).toBe(403);
      // PGlite is single-process: stop the server while the CLI writes (services mode could run side by side).
      await server.close();
      const env = { DATA_DIR: services.dataDir, JWT_SECRET: services.jwtSecret, LOG_LEVEL: 'silent', ...(TEST_MODE === 'services' ? { DATABASE_URL: services.databaseUrl ?? '', REDIS_URL: TEST_REDIS_URL } : {}) };
      expect((await grantAdmin(['nobody@example.com'], env)).code).toBe(1);
      expect((await grantAdmin([], env)).code).toBe(2);
      const res = await grantAdmin([email.toUpperCase()], env);
      expect(res.code).toBe(0);
      server = await startServer({ services });
      api = apiFor(server);
      expect((await api('GET', '/api/admin/discount-codes', undefined, token)).status).toBe(200);
      const login = await api<{ user: { role: string } }>('POST', '/api/auth/login', { email, password: PASSWORD });
      expect(login.body.user.role).toBe('admin');
      await server.close();
    } finally {
      await services.dispose();
    }
    // Three cold opens of the same database (server, CLI, server): slow with PGlite on a busy 2-core machine.
  }, 120_000);
});
