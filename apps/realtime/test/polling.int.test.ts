import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, startServer, TEST_MODE, uniqueEmail, type SharedServices, type TestServer } from './harness.js';
import { startedGame, type PlayedGame } from './completed-game.js';

const ADMIN = uniqueEmail('admin');
const POLLED = ['', '/players', '/my-character', '/voting-results', '/final-results'];

async function get(server: TestServer, path: string, token: string, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + path, { headers: { authorization: `Bearer ${token}`, ...headers } });
  const text = await res.text();
  return { status: res.status, etag: res.headers.get('etag'), text, body: text ? (JSON.parse(text) as { version?: number; currentPhase?: number }) : null };
}

async function setPhase(server: TestServer, g: PlayedGame, phase: number) {
  const res = await fetch(`${server.url}/api/games/${g.gameId}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${g.lobby.host.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'set-phase', phase, commandId: randomUUID() }),
  });
  expect(res.status).toBe(200);
}

describe(`conditional and long polling (${TEST_MODE})`, () => {
  let services: SharedServices;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    services = await createServices();
    a = await startServer({ services, env: { ADMIN_EMAILS: ADMIN, INSTANCE_ID: 'a' } });
    // In services mode a second instance shares Postgres and Redis: the long poll is held on b, the command lands on a.
    b = TEST_MODE === 'services' ? await startServer({ services, env: { ADMIN_EMAILS: ADMIN, INSTANCE_ID: 'b' } }) : a;
  });
  afterAll(async () => {
    if (b !== a) await b?.close();
    await a?.close();
    await services?.dispose();
  });

  it('answers every polled read with an ETag, 304 with no body on If-None-Match, and a new tag once the room changes', async () => {
    const g = await startedGame(a, ADMIN, 4);
    const player = g.seats.find((s) => s.token !== g.lobby.host.token)!;
    const other = g.seats.find((s) => s !== player && s.token !== g.lobby.host.token)!;
    const before: Record<string, string> = {};
    for (const suffix of POLLED) {
      const path = `/api/games/${g.gameId}${suffix}`;
      const first = await get(b, path, player.token);
      expect(first.status, path).toBe(200);
      expect(first.etag, path).toMatch(/^W\/"\d+-[\w-]+"$/);
      const again = await get(b, path, player.token, { 'if-none-match': first.etag! });
      expect(again.status, path).toBe(304);
      expect(again.text, path).toBe('');
      expect(again.etag, path).toBe(first.etag);
      // The tag is per caller: another player's (different secrets) does not match this one's.
      const theirs = await get(b, path, other.token, { 'if-none-match': first.etag! });
      expect(theirs.status, path).toBe(200);
      // A tag from someone else never skips the access check.
      const stranger = await get(b, path, 'not-a-token', { 'if-none-match': first.etag! });
      expect(stranger.status, path).toBe(401);
      before[suffix] = first.etag!;
    }
    await setPhase(a, g, 1);
    for (const suffix of POLLED) {
      const path = `/api/games/${g.gameId}${suffix}`;
      const after = await get(b, path, player.token, { 'if-none-match': before[suffix]! });
      expect(after.status, path).toBe(200);
      expect(after.etag, path).not.toBe(before[suffix]);
    }
  });

  it('releases a long poll within 100 ms of the host changing the phase (on another instance in services mode)', async () => {
    const g = await startedGame(a, ADMIN, 4);
    const player = g.seats.find((s) => s.token !== g.lobby.host.token)!;
    const now = await get(b, `/api/games/${g.gameId}`, player.token);
    const version = now.body!.version!;
    const poll = get(b, `/api/games/${g.gameId}?waitForVersion=${version}`, player.token).then((r) => ({ ...r, at: performance.now() }));
    await new Promise((r) => setTimeout(r, 300)); // the poll is parked
    let settled = false;
    void poll.then(() => (settled = true));
    expect(settled).toBe(false);
    const sent = performance.now();
    await setPhase(a, g, 1);
    const changed = performance.now();
    const res = await poll;
    expect(res.status).toBe(200);
    expect(res.body!.currentPhase).toBe(1);
    expect(res.body!.version).toBeGreaterThan(version);
    expect(res.etag).toMatch(/^W\//);
    // Released by the change itself, not by a timer: within 100 ms of the command's answer.
    expect(res.at - changed).toBeLessThan(100);
    expect(res.at).toBeGreaterThan(sent);
  });

  it('answers at once when the room is already past the version, and 304 when the wait runs out', async () => {
    const g = await startedGame(a, ADMIN, 4);
    const player = g.seats.find((s) => s.token !== g.lobby.host.token)!;
    const now = await get(b, `/api/games/${g.gameId}`, player.token);
    const version = now.body!.version!;
    const past = await get(b, `/api/games/${g.gameId}?waitForVersion=${version - 1}`, player.token);
    expect(past.status).toBe(200);
    expect(past.body!.version).toBe(version);
    const t0 = performance.now();
    const idle = await get(b, `/api/games/${g.gameId}?waitForVersion=${version}&waitSeconds=1`, player.token);
    const waited = performance.now() - t0;
    expect(idle.status).toBe(304);
    expect(idle.text).toBe('');
    expect(waited).toBeGreaterThanOrEqual(950);
    expect(waited).toBeLessThan(3000);
    const bad = await get(b, `/api/games/${g.gameId}?waitForVersion=x`, player.token);
    expect(bad.status).toBe(400);
    const tooLong = await get(b, `/api/games/${g.gameId}?waitForVersion=${version}&waitSeconds=600`, player.token);
    expect(tooLong.status).toBe(400);
  });
});
