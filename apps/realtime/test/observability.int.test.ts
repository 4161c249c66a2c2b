import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, hostSession, signupHost, startServer, TEST_MODE, uniqueEmail, type TestServer } from './harness.js';
import { joinedSocket } from './game-setup.js';
import { startedGame } from './completed-game.js';
import { emitAck } from './harness.js';

const ADMIN = uniqueEmail('admin');
const TOKEN = randomBytes(24).toString('hex');

const scrape = (server: TestServer, token?: string) =>
  fetch(`${server.url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe(`metrics and health (${TEST_MODE})`, () => {
  let open: TestServer; // the test runner (127.0.0.1) is on the allow list
  let closed: TestServer; // it is not
  beforeAll(async () => {
    open = await startServer({ env: { ADMIN_EMAILS: ADMIN } });
    closed = await startServer({ env: { ADMIN_EMAILS: ADMIN, METRICS_ALLOW: '10.0.0.0/8', METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await open?.close();
    await closed?.close();
  });

  it('counts sockets, rooms, commands by type and outcome, latency and pushes', async () => {
    const g = await startedGame(open, ADMIN, 4);
    const hostSocket = await joinedSocket(open, g.lobby.host.token, g.gameId);
    const ok = await emitAck(hostSocket, 'game:patch', { gameId: g.gameId, action: 'set-phase', phase: 1, commandId: randomUUID() });
    const refused = await emitAck(hostSocket, 'game:patch', { gameId: g.gameId, action: 'set-phase', phase: 99, commandId: randomUUID() });
    expect([ok.ok, refused.ok]).toEqual([true, false]);
    const res = await scrape(open);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    const value = (re: RegExp) => Number(re.exec(text)?.[1] ?? NaN);
    expect(value(/^ss_connected_sockets (\d+)/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^ss_rooms (\d+)/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^ss_commands_total\{type="socket game:patch",outcome="ok"\} (\d+)/m)).toBe(1);
    expect(value(/^ss_commands_total\{type="socket game:patch",outcome="refused"\} (\d+)/m)).toBe(1);
    // REST commands: the start and the assignments of startedGame.
    expect(value(/^ss_commands_total\{type="PATCH \/api\/games\/:id",outcome="ok"\} (\d+)/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^ss_command_duration_seconds_count\{type="socket game:patch"\} (\d+)/m)).toBe(2);
    expect(value(/^ss_push_messages_total\{kind="delta"\} (\d+)/m)).toBeGreaterThanOrEqual(2);
    expect(value(/^ss_push_messages_total\{kind="private"\} (\d+)/m)).toBeGreaterThanOrEqual(4);
    expect(text).toMatch(/^ss_infra_errors_total\{service="postgres"\} \d+/m);
    expect(text).toMatch(/^ss_infra_errors_total\{service="redis"\} \d+/m);
    expect(text).toMatch(/^ss_nodejs_eventloop_lag_seconds /m);
    hostSocket.close();
  });

  it('serves metrics off the allow list only with the metrics token or an admin token', async () => {
    const api = apiFor(closed);
    expect((await scrape(closed)).status).toBe(403);
    expect((await scrape(closed, 'x'.repeat(48))).status).toBe(401);
    const host = await signupHost(api);
    expect((await scrape(closed, host.token)).status).toBe(403);
    expect((await scrape(closed, TOKEN)).status).toBe(200);
    const admin = await hostSession(api, ADMIN);
    expect((await scrape(closed, admin.token)).status).toBe(200);
    // A forwarded address is not the peer: it cannot talk its way onto the allow list.
    const spoofed = await fetch(`${closed.url}/metrics`, { headers: { 'x-forwarded-for': '10.1.2.3' } });
    expect(spoofed.status).toBe(403);
  });

  it('answers liveness and readiness separately', async () => {
    const live = await fetch(`${open.url}/api/health/live`);
    expect(live.status).toBe(200);
    const ready = await fetch(`${open.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    const readyBody = (await ready.json()) as Record<string, unknown>;
    expect(readyBody).toMatchObject({ status: 'ready', database: TEST_MODE === 'services' ? 'postgres' : 'pglite' });
    // Anonymous probes do not name the instance that answered.
    expect(readyBody).not.toHaveProperty('instance');
    expect(await live.json()).toEqual({ status: 'ok' });
    // The database goes away: still alive, no longer ready.
    await closed.ctx.db.destroy();
    const down = await fetch(`${closed.url}/api/health/ready`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: 'unavailable', database: 'down' });
    expect((await fetch(`${closed.url}/api/health/live`)).status).toBe(200);
  });
});
