import { sql } from 'kysely';
import fc from 'fast-check';
import { io as ioClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, TEST_MODE, uniqueEmail, type ClientSocket, type TestServer } from './harness.js';
import { startedGame, type PlayedGame } from './completed-game.js';
import { createLobby, type Lobby } from './game-setup.js';

const ADMIN = uniqueEmail('fuzz-admin');
const HTTP_RUNS = 4600;
const SOCKET_RUNS = 600;
const SOCKET_EVENTS = ['game:join', 'game:patch', 'character:assign', 'character:unassign', 'vote:remove', 'vote:suspects', 'vote:final'];
const FIELDS = [
  'displayName', 'email', 'password', 'joinCode', 'gameId', 'gamePlayerId', 'playerId', 'characterId', 'storylineId', 'action', 'phase',
  'suspects', 'suspectId', 'commandId', 'code', 'body', 'expectedPlayers', 'enabled', 'suspectPlayerId', 'isTestingMode', 'day',
  'suspectCharacterId', 'enjoymentRating', 'standoutMoments', 'paymentIntentId', 'cardNumber', 'pricingTierId', 'playerCount', 'userId',
  'discountCode', 'name', 'discountType', 'discountValue', 'usageLimit', 'daysValid',
];

/** Percent-encodes a path segment; a lone surrogate cannot be encoded, so it is sent as its (invalid) UTF-8 bytes. */
const segment = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
};

describe(`fuzz: every route and socket event (${TEST_MODE})`, () => {
  let server: TestServer;
  let game: PlayedGame;
  let lobby: Lobby;
  let auditCount: () => Promise<number>;
  /** The tables of the audited rows after row `n`, for a failure message. */
  let tablesSince: (n: number) => Promise<string>;

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_EMAILS: ADMIN, REPORT_DELAY_MS: '3600000' } });
    game = await startedGame(server, ADMIN, 5);
    lobby = await createLobby(server, ADMIN, 2);
    // Every row written, changed or deleted in any table is counted, so a refused call can be shown to write nothing.
    const db = server.ctx.db;
    await sql`CREATE TABLE fuzz_audit (n bigserial PRIMARY KEY, tbl text NOT NULL)`.execute(db);
    await sql`CREATE FUNCTION fuzz_audit_row() RETURNS trigger AS $$ BEGIN INSERT INTO fuzz_audit(tbl) VALUES (TG_TABLE_NAME); RETURN NULL; END $$ LANGUAGE plpgsql`.execute(db);
    // game_published is left out: the publisher records there, on a timer, the versions it pushed for earlier
    // accepted commands, so its rows land during whichever call happens to be running.
    const tables = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('fuzz_audit', 'game_published') AND table_name NOT LIKE 'kysely_%'`.execute(db);
    for (const t of tables.rows) {
      await sql`CREATE TRIGGER fuzz_audit_t AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(t.table_name)} FOR EACH ROW EXECUTE FUNCTION fuzz_audit_row()`.execute(db);
    }
    auditCount = async () => Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM fuzz_audit`.execute(db)).rows[0]?.n ?? 0);
    tablesSince = async (n) => (await sql<{ tbl: string }>`SELECT tbl FROM fuzz_audit ORDER BY n OFFSET ${n}`.execute(db)).rows.map((r) => r.tbl).join(', ');
  }, 180_000);
  afterAll(async () => server?.close());

  /** Values that reach deep into handlers: real ids of the game mixed with hostile strings and odd types. */
  function value(): fc.Arbitrary<unknown> {
    const ids = [game.gameId, lobby.gameId, lobby.joinCode, game.content.id, ...game.seats.flatMap((s) => [s.playerId, s.characterId])];
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom('a\u0000b', '\uD800', 'x\uDFFFy', 'Ｓａｂ\u200Ble', 'Pаul', '', ' ', 'ZZZZZZ'));
    return fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...ids) },
      { weight: 3, arbitrary: text },
      { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.uuid()) },
      { weight: 1, arbitrary: fc.array(fc.oneof(fc.constantFrom(...ids), fc.string({ unit: 'binary', maxLength: 10 })), { maxLength: 5 }) },
      { weight: 1, arbitrary: fc.constantFrom('start', 'advance', 'set-phase', 'set-leader', 'start-defence', 'set-expected-players', 'set-feedback-mode') },
    );
  }
  const body = () =>
    fc.oneof(
      { weight: 6, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), value(), { maxKeys: 6 }) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
      { weight: 1, arbitrary: fc.constantFrom('{"a":', 'not json', '[]', 'null', '"\\u0000"', `{"displayName":"${'x'.repeat(70_000)}"}`) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );

  it(`${HTTP_RUNS} HTTP payloads over every route: no 5xx, and refused calls write no row`, async () => {
    const routes = server.routes;
    // Deleting the fixture games would turn every later call into a 410: that route gets every id but theirs.
    const spare = (route: { method: string; url: string }, v: unknown) =>
      route.method === 'DELETE' && route.url === '/api/games/:id' && (v === game.gameId || v === lobby.gameId) ? crypto.randomUUID() : v;
    const tokens = () => fc.constantFrom(undefined, 'garbage', game.lobby.host.token, game.seats[1]!.token, game.seats[2]!.token, lobby.players[0]!.token);
    const request = fc.record({
      route: fc.integer({ min: 0, max: routes.length - 1 }),
      params: fc.array(value(), { minLength: 4, maxLength: 4 }),
      query: fc.option(fc.dictionary(fc.constantFrom('gameId', 'playerCount', 'gc', 'x'), value(), { maxKeys: 2 }), { nil: undefined }),
      body: body(),
      token: tokens(),
      contentType: fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded'),
    });
    const samples = fc.sample(request, { numRuns: HTTP_RUNS, seed: 1337 });
    const failures: string[] = [];
    const perRoute = new Map<string, number>();
    // Calls run one at a time, so the rows counted since the previous call are this call's.
    let before = await auditCount();
    for (const r of samples) {
      const route = routes[r.route]!;
      let i = 0;
      const path = route.url
        .replace(/:(\w+)/g, () => segment(String(spare(route, r.params[i++]) ?? '')))
        .replace('/*', `/${segment(String(r.params[0] ?? ''))}`);
      const qs = r.query ? `?${Object.entries(r.query).map(([k, v]) => `${k}=${segment(String(v))}`).join('&')}` : '';
      const hasBody = route.method !== 'GET' && r.body !== undefined;
      const res = await fetch(server.url + path + qs, {
        method: route.method,
        headers: { ...(hasBody ? { 'content-type': r.contentType } : {}), ...(r.token ? { authorization: `Bearer ${r.token}` } : {}) },
        body: hasBody ? (typeof r.body === 'string' ? r.body : JSON.stringify(r.body)) : undefined,
      });
      await res.arrayBuffer();
      const after = await auditCount();
      const written = after - before;
      before = after;
      perRoute.set(`${route.method} ${route.url}`, (perRoute.get(`${route.method} ${route.url}`) ?? 0) + 1);
      if (res.status >= 500) failures.push(`${res.status} ${route.method} ${path}${qs} ${JSON.stringify(r.body)?.slice(0, 200)}`);
      else if (res.status >= 400 && written > 0) failures.push(`refused ${res.status} but wrote ${written} rows (${await tablesSince(after - written)}): ${route.method} ${path}`);
    }
    expect(failures).toEqual([]);
    expect([...perRoute.values()].every((n) => n >= 20)).toBe(true);
    expect(perRoute.size).toBe(routes.length);
  }, 600_000);

  it(`${SOCKET_RUNS} socket payloads over every event: no 5xx ack, refused ones write nothing`, async () => {
    const sockets: ClientSocket[] = [];
    for (const token of [game.lobby.host.token, game.seats[1]!.token, lobby.players[0]!.token]) {
      const s: ClientSocket = ioClient(server.url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      sockets.push(s);
    }
    try {
      const emit = fc.record({
        socket: fc.integer({ min: 0, max: sockets.length - 1 }),
        event: fc.constantFrom(...SOCKET_EVENTS),
        payload: fc.oneof(
          { weight: 5, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), value(), { maxKeys: 6 }) },
          { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
        ),
      });
      const failures: string[] = [];
      const seen = new Set<string>();
      for (const e of fc.sample(emit, { numRuns: SOCKET_RUNS, seed: 4242 })) {
        const socket = sockets[e.socket]!;
        if (!socket.connected) socket.connect();
        const before = await auditCount();
        const ack = await (socket as unknown as { timeout(ms: number): { emitWithAck(ev: string, p: unknown): Promise<{ ok: boolean; error?: { status: number } }> } })
          .timeout(3000)
          .emitWithAck(e.event, e.payload)
          .catch(() => ({ ok: false, error: { status: 0 } }));
        const written = (await auditCount()) - before;
        seen.add(e.event);
        const status = ack.ok ? 200 : (ack.error?.status ?? 0);
        if (status >= 500 || status === 0) failures.push(`${e.event} -> ${status} ${JSON.stringify(e.payload).slice(0, 200)}`);
        else if (!ack.ok && written > 0) failures.push(`refused ${e.event} wrote ${written} rows`);
      }
      expect(failures).toEqual([]);
      expect(seen.size).toBe(SOCKET_EVENTS.length);
    } finally {
      for (const s of sockets) s.close();
    }
  }, 300_000);
});
