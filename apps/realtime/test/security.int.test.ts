import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TContentCharacter } from '@ss/protocol';
import { apiFor, emitAck, FIXTURE_CONTENT_DIR, PASSWORD, startServer, TEST_MODE, uniqueEmail, type TestServer } from './harness.js';
import { serverForSuite } from './suite-server.js';
import { joinedSocket } from './game-setup.js';
import { buildWorld, type World } from './security-fixtures.js';

const ADMIN = uniqueEmail('sec2-admin');

/** Every string anywhere in a JSON value. */
function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) strings(x, out);
  return out;
}

/** Every object anywhere in a JSON value. */
function objects(v: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(v)) for (const x of v) objects(x, out);
  else if (v && typeof v === 'object') {
    out.push(v as Record<string, unknown>);
    for (const x of Object.values(v)) objects(x, out);
  }
  return out;
}

describe(`security: secrets, evidence and the edge (${TEST_MODE})`, () => {
  const suite = serverForSuite({ env: { ADMIN_EMAILS: ADMIN } });
  let w: World;
  beforeAll(async () => {
    w = await buildWorld(suite.server, ADMIN);
  }, 120_000);

  it('the host cannot read another seat’s team or secrets through any call', async () => {
    const g = w.started;
    const hostSeat = g.seats[0]!;
    const others = g.seats.slice(1);
    const characterOf = (id: string) => g.content.characters.find((c) => c.id === id)!;
    // Texts only a seat's own player may read (the public card's fields are public by definition).
    const secretFields: (keyof TContentCharacter)[] = ['secrets', 'motivation', 'gameObjective', 'specialInstructions', 'gameplayTips', 'killerRevealStory'];
    const secretsOf = (c: TContentCharacter) => secretFields.map((f) => c[f]).filter((v): v is string => typeof v === 'string' && v.length > 20);
    const forbidden = new Set(others.flatMap((s) => secretsOf(characterOf(s.characterId))));
    for (const s of others) for (const d of characterOf(s.characterId).days) forbidden.add(d.storyline);
    // A text the host's own character shares (a common tip) is the host's to read.
    const own = characterOf(hostSeat.characterId);
    for (const t of [...secretsOf(own), ...own.days.map((d) => d.storyline)]) forbidden.delete(t);

    const bodies: [string, unknown][] = [];
    const get = async (p: string) => bodies.push([p, (await w.api('GET', p, undefined, w.host.token)).body]);
    await get(`/api/games/${g.gameId}`);
    await get(`/api/games/${g.gameId}/players`);
    await get(`/api/games/${g.gameId}/my-character`);
    await get(`/api/games/${g.gameId}/characters`);
    await get(`/api/games/${g.gameId}/voting-results`);
    await get(`/api/games/${g.gameId}/notes`);
    await get(`/api/characters/storyline/${g.content.id}`);
    await get('/api/dashboard/active-games');
    for (const s of others) {
      await get(`/api/characters/${s.characterId}`);
      for (const n of [1, 2, 3, 4]) await get(`/api/characters/${s.characterId}/day/${n}?gameId=${g.gameId}`);
      await get(`/api/games/${g.gameId}/player/${s.playerId}/daily-vote/1`);
      const token = await w.api('POST', '/api/auth/player-token', { gameId: g.gameId, gamePlayerId: s.playerId }, w.host.token);
      expect(token.status).toBe(403);
      bodies.push(['player-token', token.body]);
    }
    const socket = await joinedSocket(suite.server, w.host.token, g.gameId);
    try {
      const ack = await emitAck<{ me: unknown }>(socket, 'game:join', { gameId: g.gameId });
      if (!ack.ok) throw new Error(ack.error.message);
      // `me` is the host's own private view, like /my-character.
      bodies.push(['socket game:join', { ...ack.data, me: null }], ['socket game:join me/my-character', ack.data.me]);
    } finally {
      socket.close();
    }

    for (const [where, body] of bodies) {
      for (const text of strings(body)) expect(forbidden.has(text), `${where} leaks a secret text`).toBe(false);
      for (const o of objects(body)) {
        // A team may only appear on the host's own seat.
        if (o.team !== undefined && o.team !== null) {
          const owner = o.id ?? o.playerId ?? o.gamePlayerId;
          expect(owner === hostSeat.playerId || where.endsWith('/my-character'), `${where} shows a team of ${String(owner)}`).toBe(true);
        }
        expect(o.isKiller === true && (o.id ?? o.playerId) !== hostSeat.playerId, `${where} names the killer`).toBe(false);
      }
    }
  }, 60_000);

  it('serves no content file by its name, and evidence only through an authorised answer', async () => {
    const slug = w.started.content.id;
    const artFiles = readdirSync(path.join(FIXTURE_CONTENT_DIR, slug, 'art'));
    for (const f of artFiles.slice(0, 10)) {
      for (const p of [`/content/${slug}/art/${f}`, `/media/${f}`, `/content/${slug}/storyline.json`]) {
        const res = await fetch(suite.server.url + p);
        expect(res.status, p).toBe(404);
      }
    }
    // The day's images reach the seat's own player as hashed URLs; the same call is refused to anyone else.
    const seat = w.started.seats.find((s, i) => i > 0 && s.characterId !== w.started.content.roles?.detectiveCharacterId)!;
    const day = await w.api<{ maps: string[]; clueImages: string[] }>('GET', `/api/characters/${seat.characterId}/day/1`, undefined, seat.token);
    expect(day.status).toBe(200);
    const urls = [...day.body.maps, ...day.body.clueImages];
    expect(urls.length).toBeGreaterThan(0);
    for (const u of urls) {
      expect(u).toMatch(/^\/media\/[0-9a-f]{32}\.(svg|png|jpg|webp)$/);
      expect((await fetch(suite.server.url + u)).status).toBe(200);
    }
    const neighbour = w.started.seats.find((s, i) => i > 0 && s !== seat)!;
    for (const token of [undefined, w.host.token, w.other.players[0]!.token, neighbour.token]) {
      const res = await w.api('GET', `/api/characters/${seat.characterId}/day/1?gameId=${w.started.gameId}`, undefined, token);
      expect([401, 404]).toContain(res.status);
      expect(strings(res.body).some((s) => urls.includes(s))).toBe(false);
    }
    // Search-warrant evidence is in no answer before the reveal; no served name says whose it is.
    const room = await w.api('GET', `/api/games/${w.started.gameId}`, undefined, w.host.token);
    const served = strings(room.body).filter((s) => s.startsWith('/media/'));
    const warrant = w.started.content.characters.flatMap((c) => c.searchWarrantEvidence.map((m) => m.url));
    expect(strings(room.body).some((s) => warrant.includes(s))).toBe(false);
    expect(served.every((u) => /^\/media\/[0-9a-f]{32}\.\w+$/.test(u))).toBe(true);
  });

  it('lets an admin (by database role) see health detail; nobody else', async () => {
    const anon = await w.api<Record<string, unknown>>('GET', '/api/health');
    expect(anon.status).toBe(200);
    expect(Object.keys(anon.body).sort()).toEqual(['database', 'live', 'status']);
    const host = await w.api<Record<string, unknown>>('GET', '/api/health', undefined, w.host.token);
    expect(host.body.memory).toBeUndefined();
    const admin = await w.api<Record<string, unknown>>('GET', '/api/health', undefined, w.admin.token);
    expect(admin.body).toMatchObject({ status: 'ok', instance: expect.any(String), memory: expect.any(Object) });
    // A revoked admin loses the detail (and every admin call) within seconds, whatever the 7-day token says.
    await suite.server.ctx.db.updateTable('users').set({ role: 'host' }).where('id', '=', w.admin.userId).execute();
    await new Promise((r) => setTimeout(r, 5_500));
    expect((await w.api<Record<string, unknown>>('GET', '/api/health', undefined, w.admin.token)).body.memory).toBeUndefined();
    expect((await w.api('GET', '/api/admin/discount-codes', undefined, w.admin.token)).status).toBe(403);
    expect((await w.api('POST', '/api/auth/player-token', { gameId: w.started.gameId, gamePlayerId: w.started.seats[1]!.playerId }, w.admin.token)).status).toBe(403);
    await suite.server.ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', w.admin.userId).execute();
  }, 20_000);

  it('sends the security headers: CSP without inline scripts, no framing, nosniff, referrer policy; HSTS only on HTTPS', async () => {
    const res = await fetch(`${suite.server.url}/api/storylines`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('stripe.com');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    // A forged X-Forwarded-Proto from the client counts for nothing while no proxy is trusted.
    const forged = await fetch(`${suite.server.url}/api/storylines`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers.get('strict-transport-security')).toBeNull();
  });

  it('answers every bad input with a 4xx: NUL bytes and lone surrogates 400, oversized bodies 413, look-alike names refused', async () => {
    const bad = ['a\u0000b', 'x\uD800', '\uDC00y'];
    for (const text of bad) {
      const body = JSON.stringify({ displayName: text });
      const res = await fetch(`${suite.server.url}/api/games/${w.setup.joinCode}/join`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(res.status, JSON.stringify(text)).toBe(400);
    }
    for (const p of ['/api/storylines/%00/pricing-tiers', '/api/characters/%ED%A0%80', '/api/characters/a%00b/day/1', '/api/storylines?x=%00', `/api/games/${w.setup.joinCode}%00/join`]) {
      const res = await fetch(suite.server.url + p, { method: p.endsWith('/join') ? 'POST' : 'GET', headers: { authorization: `Bearer ${w.host.token}`, 'content-type': 'application/json' }, body: p.endsWith('/join') ? '{"displayName":"Z"}' : undefined });
      expect(res.status, p).toBe(400);
    }
    const big = await fetch(`${suite.server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(100_000) }) });
    expect(big.status).toBe(413);
    // Look-alikes: zero-width characters are dropped (so the name is a duplicate), mixed alphabets are refused.
    const name = 'Sable';
    const lobby = w.setup;
    expect((await w.api('POST', `/api/games/${lobby.joinCode}/join`, { displayName: name })).status).toBe(201);
    for (const twin of ['Sab\u200Ble', 'SABLE', 'Ｓａｂｌｅ', 'Sabie']) {
      const res = await w.api<{ message: string }>('POST', `/api/games/${lobby.joinCode}/join`, { displayName: twin });
      expect(res.status, twin).toBe(409);
    }
    const mixed = await w.api<{ message: string }>('POST', `/api/games/${lobby.joinCode}/join`, { displayName: 'Sаble' /* Cyrillic а */ });
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toMatch(/one alphabet/);
    const players = await w.api<{ displayName: string }[]>('GET', `/api/games/${lobby.gameId}/players`, undefined, w.host.token);
    expect(players.body.filter((p) => p.displayName.toLowerCase().startsWith('sab'))).toHaveLength(1);
  });
});

describe(`rate limits per door (${TEST_MODE})`, () => {
  let server: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { AUTH_RATE_LIMIT: '5', GAME_CREATE_LIMIT: '2' } });
    proxied = await startServer({ env: { AUTH_RATE_LIMIT: '5', TRUST_PROXY: '1' } });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await proxied?.close();
  });

  const join = (s: TestServer, code: string, headers: Record<string, string> = {}) =>
    fetch(`${s.url}/api/games/${code}/join`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ displayName: `P${randomUUID().slice(0, 6)}` }) });

  it('a spoofed X-Forwarded-For does not multiply the join limit (no proxy trusted)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await join(server, 'ZZZZZZ', { 'x-forwarded-for': `10.0.${i}.${i}` })).status);
    expect(statuses.slice(0, 5).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it('behind one trusted proxy the client is the last hop: forged entries before it change nothing', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await join(proxied, 'ZZZZZZ', { 'x-forwarded-for': `6.6.6.${i}, 203.0.113.7` })).status);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Another real client behind the same proxy has its own budget.
    expect((await join(proxied, 'ZZZZZZ', { 'x-forwarded-for': '203.0.113.8' })).status).toBe(404);
  });

  it('join and rejoin answer a dead code and a live-but-refused one alike in status class and time', async () => {
    const fresh = await startServer({ env: { ADMIN_EMAILS: ADMIN } });
    try {
      const api = apiFor(fresh);
      const host = await api<{ token: string }>('POST', '/api/auth/signup', { displayName: 'Host', email: ADMIN, password: PASSWORD });
      const storylines = await api<{ id: string; status: string }[]>('GET', '/api/storylines');
      const game = await api<{ joinCode: string }>('POST', '/api/games', { storylineId: storylines.body.find((x) => x.status === 'published')!.id }, host.body.token);
      const timed = async (p: string, body: unknown) => {
        const t = performance.now();
        const res = await api<{ message: string }>('POST', p, body);
        return { ms: performance.now() - t, ...res };
      };
      const deadRejoin = await timed('/api/games/rejoin', { joinCode: 'ZZZZZZ', displayName: 'Nobody' });
      const liveRejoin = await timed('/api/games/rejoin', { joinCode: game.body.joinCode, displayName: 'Nobody' });
      expect([deadRejoin.status, deadRejoin.body.message]).toEqual([liveRejoin.status, liveRejoin.body.message]);
      const deadJoin = await timed('/api/games/ZZZZZZ/join', { displayName: 'Host' });
      const liveJoin = await timed(`/api/games/${game.body.joinCode}/join`, { displayName: 'Host' }); // name taken: refused
      for (const r of [deadRejoin, liveRejoin, deadJoin, liveJoin]) expect(r.ms).toBeGreaterThanOrEqual(245);
      expect(Math.abs(deadJoin.ms - liveJoin.ms)).toBeLessThan(150);
    } finally {
      await fresh.close();
    }
  });

  it('limits failed sign-ins per account and address (not for the owner elsewhere), game creation per host', async () => {
    const email = uniqueEmail('target');
    await fetch(`${proxied.url}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.1' }, body: JSON.stringify({ displayName: 'T', email, password: PASSWORD }) });
    const login = (address: string, password: string) =>
      fetch(`${proxied.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify({ email, password }) });
    // Four addresses (under the per-minute address limit of 5): each trips its own failure limit after ten.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      for (let n = 0; n < 3; n++) statuses.push((await login(`198.51.100.${10 + i}`, 'Wrong-pass1!')).status);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    const right = await login('198.51.100.99', PASSWORD);
    expect(right.status).toBe(200);

    const sApi = apiFor(server);
    const admin = await sApi<{ token: string }>('POST', '/api/auth/signup', { displayName: 'Maker', email: uniqueEmail('maker'), password: PASSWORD });
    await server.ctx.db.updateTable('users').set({ role: 'admin' }).where('email_lower', 'like', 'maker-%').execute();
    await new Promise((r) => setTimeout(r, 5_200));
    const storylines = await sApi<{ id: string; status: string }[]>('GET', '/api/storylines');
    const sid = storylines.body.find((x) => x.status === 'published')!.id;
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await sApi('POST', '/api/games', { storylineId: sid }, admin.body.token)).status);
    expect(made).toEqual([201, 201, 429]);
    const games = await server.ctx.db.selectFrom('games').select('id').execute();
    expect(games).toHaveLength(2);
  }, 30_000);
});
