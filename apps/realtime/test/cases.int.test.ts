import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZDashboardGames,
  ZGameResults,
  ZReplayResponse,
  ZStorylineCases,
  type TStorylineCase,
  type TStorylineContent,
} from '@ss/protocol';
import { routeDocs } from '../src/modules/api-docs/route-docs.js';
import { apiFor, connectSocket, emitAck, startServer, TEST_MODE, uniqueEmail, type Api, type ClientSocket, type TestServer } from './harness.js';
import { assignAll, createLobby, type Lobby } from './game-setup.js';
import { caseOfGame, completedGame, fixtureContent } from './completed-game.js';
import { readablePush } from './room-view.js';
import { caseGiveaways, killerKeys } from './leak-scan.js';

/**
 * Cases: one cast, several solutions. The fixture storyline has two cases with different killers (the butler in
 * the first, the gardener in the second). The host chooses one or gets "Surprise me"; until the results the case
 * is a secret like the killer: no answer and no push names it, and a Seeker's answers have the same shape
 * whichever case the game plays.
 */
const SURPRISED = uniqueEmail('surprised');
const CHOOSER = uniqueEmail('chooser');
const WALKER = uniqueEmail('walker');

describe(`cases: one cast, several solutions (${TEST_MODE})`, () => {
  let server: TestServer;
  let api: Api;
  let shared: TStorylineContent;
  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_EMAILS: [SURPRISED, CHOOSER, WALKER].join(',') } });
    api = apiFor(server);
    shared = await fixtureContent('fixture-manor');
    expect(shared.cases!.map((k) => k.killerCharacterId)).toEqual(['fx-butler', 'fx-gardener']);
  });
  afterAll(async () => server?.close());

  const resultsOf = async (gameId: string, token: string) => {
    const res = await api('GET', `/api/games/${gameId}/results`, undefined, token);
    expect(res.status).toBe(200);
    return ZGameResults.parse(res.body);
  };

  it('gives a host who asks for "Surprise me" a case they have not finished, and the results name the case and its killer', async () => {
    const plan = { finals: { 1: 0, 2: 0, 3: 0 } };
    const first = await completedGame(server, SURPRISED, 4, plan);
    const second = await completedGame(server, SURPRISED, 4, plan);
    const host = first.lobby.host.token;
    const r1 = await resultsOf(first.gameId, host);
    const r2 = await resultsOf(second.gameId, host);
    // Two games of one storyline by one host: the second is the case the first was not.
    expect(r1.caseId).not.toBe(r2.caseId);
    expect([r1.caseId, r2.caseId].sort()).toEqual(shared.cases!.map((k) => k.id).sort());
    for (const [g, r] of [[first, r1], [second, r2]] as const) {
      const k = shared.cases!.find((c) => c.id === r.caseId)!;
      const killer = shared.characters.find((c) => c.id === k.killerCharacterId)!;
      expect(r).toMatchObject({ caseTitle: k.title, caseMotive: k.motive, caseMethod: k.method, killerCharacterId: killer.id });
      expect(r.finalKiller).toMatchObject({ characterName: killer.name, playerId: g.seats[g.killerSeat]!.playerId });
      expect(r.killerRevealStory).toContain(k.reveal.slice(0, 20));
      // The case file names it too, and marks the case's killer.
      const replay = ZReplayResponse.parse((await api('GET', `/api/games/${g.gameId}/replay`, undefined, host)).body);
      expect(replay).toMatchObject({ caseId: k.id, caseTitle: k.title, killerCharacterId: killer.id });
      expect(replay.players.find((p) => p.isKiller)?.characterId).toBe(killer.id);
    }
    // Having finished both, the host sees both titles (and how often each was played) and the dashboard names them.
    const cases = ZStorylineCases.parse((await api('GET', `/api/storylines/${shared.id}/cases`, undefined, host)).body);
    expect(cases.cases).toEqual(shared.cases!.map((k, i) => ({ number: i + 1, title: k.title, finishedGames: 1 })));
    const done = ZDashboardGames.parse((await api('GET', '/api/dashboard/completed-games', undefined, host)).body);
    expect(done.map((g) => g.caseTitle).sort()).toEqual(shared.cases!.map((k) => k.title).sort());
    // Everything finished: "Surprise me" still deals one of the storyline's cases.
    const third = await completedGame(server, SURPRISED, 4, plan);
    expect(shared.cases!.map((k) => k.id)).toContain((await resultsOf(third.gameId, host)).caseId);
  });

  it('deals the case asked for by id or number, and refuses an unknown one without creating a game', async () => {
    const lobby = await createLobby(server, CHOOSER, 3, { caseNumber: 2 });
    expect((await caseOfGame(server, lobby.gameId)).case.id).toBe(shared.cases![1]!.id);
    const token = lobby.host.token;
    const byId = await api<{ id: string }>('POST', '/api/games', { storylineId: shared.id, caseId: shared.cases![0]!.id }, token);
    expect(byId.status).toBe(201);
    expect((await caseOfGame(server, byId.body.id)).case.id).toBe(shared.cases![0]!.id);

    const gamesOfHost = async () => (await server.ctx.db.selectFrom('games').select('id').where('host_user_id', '=', lobby.host.userId).execute()).length;
    const before = await gamesOfHost();
    const refused: Array<[unknown, RegExp]> = [
      [{ storylineId: shared.id, caseId: 'no-such-case' }, /Unknown case for this storyline/],
      [{ storylineId: shared.id, caseNumber: 3 }, /has 2 case\(s\): caseNumber must be from 1 to 2/],
      [{ storylineId: shared.id, caseNumber: 0 }, /caseNumber starts at 1/],
      [{ storylineId: shared.id, caseId: shared.cases![0]!.id, caseNumber: 1 }, /Give caseId or caseNumber, not both/],
      [{ storylineId: shared.id, caseId: '' }, /caseId cannot be empty/],
    ];
    for (const [body, message] of refused) {
      const res = await api<{ error: { message: string } }>('POST', '/api/games', body, token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(message);
      // The refusal names no case: a case id can itself give the answer away.
      for (const k of shared.cases!) expect(JSON.stringify(res.body)).not.toContain(k.id);
    }
    expect(await gamesOfHost()).toBe(before);
  });

  /** Every GET route a caller may use on this game, with its parameters filled in (per character, per day). */
  function walkPaths(lobby: Lobby, seat: { playerId: string; isHost: boolean }): string[] {
    const out: string[] = [];
    for (const route of routeDocs(server.app)) {
      const { method, url: pattern } = route;
      // Operations (health, the API document) and hashed media say nothing about a game.
      if (method !== 'GET' || route.schema?.tags?.includes('operations') || pattern.startsWith('/media/')) continue;
      if ((route.access === 'user' || route.access === 'admin') && !seat.isHost) continue;
      let paths = [pattern.replace(':joinCode', lobby.joinCode).replace(':storylineId', shared.id).replace(':gamePlayerId', seat.playerId)];
      paths = paths.map((p) => (p.startsWith('/api/storylines/') ? p.replace(':id', shared.id) : p.replace(':id', lobby.gameId)));
      if (pattern.includes(':characterId')) paths = paths.flatMap((p) => shared.characters.map((c) => p.replace(':characterId', c.id)));
      for (const d of [':n', ':day']) if (pattern.includes(d)) paths = paths.flatMap((p) => shared.days.map((x) => p.replace(d, String(x.day))));
      // The host's user token names the game of a day call explicitly.
      if (pattern.includes('/day/') && seat.isHost) paths = paths.map((p) => `${p}?gameId=${lobby.gameId}`);
      out.push(...paths);
    }
    return out;
  }

  /** The shape of an answer: its keys, value types and list lengths, without the values. */
  function shape(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(shape);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, shape(v)]));
    return value === null ? null : typeof value;
  }

  interface Seen {
    /** path -> status and shape, per seat (by character). */
    answers: Map<string, Array<{ path: string; status: number; shape: unknown }>>;
    /** Every answer and push as text, per seat (by character), with the seat's team. */
    texts: Map<string, { team: string; texts: string[] }>;
  }

  /** Plays a game of the given case to the suspect vote as every seat and the host, recording everything they get. */
  async function playAsEverySeat(caseNumber: number): Promise<{ seen: Seen; k: TStorylineCase }> {
    const lobby = await createLobby(server, WALKER, 4, { caseNumber });
    const host = lobby.host;
    const seatTokens = [{ playerId: '', token: host.token, isHost: true }, ...lobby.players.map((p) => ({ playerId: p.playerId, token: p.token, isHost: false }))];
    const view = await api<{ players: Array<{ id: string; isHost: boolean }> }>('GET', `/api/games/${lobby.gameId}`, undefined, host.token);
    seatTokens[0]!.playerId = view.body.players.find((p) => p.isHost)!.id;
    // Every phone joins before the deal and records every push it gets.
    const pushes = new Map<string, string[]>();
    const sockets: ClientSocket[] = [];
    for (const s of seatTokens) {
      const socket = await connectSocket(server, s.token);
      const log: string[] = [];
      socket.onAny((event: string, ...args: unknown[]) => log.push(JSON.stringify([event, readablePush(event, args)])));
      const ack = await emitAck(socket, 'game:join', { gameId: lobby.gameId });
      expect(ack.ok).toBe(true);
      log.push(JSON.stringify(ack));
      pushes.set(s.playerId, log);
      sockets.push(socket);
    }
    await assignAll(lobby);
    const drive = async (body: Record<string, unknown>) => {
      const res = await api('PATCH', `/api/games/${lobby.gameId}`, { ...body, commandId: randomUUID() }, host.token);
      expect(res.status).toBe(200);
    };
    await drive({ action: 'start' });
    const seen: Seen = { answers: new Map(), texts: new Map() };
    const players = (await api<{ players: Array<{ id: string; characterId: string }> }>('GET', `/api/games/${lobby.gameId}`, undefined, host.token)).body.players;
    const characterOf = (playerId: string) => players.find((p) => p.id === playerId)!.characterId;
    for (const phase of [0, 4, 5]) {
      if (phase > 0) await drive({ action: 'set-phase', phase });
      for (const s of seatTokens) {
        const character = characterOf(s.playerId);
        const team = ((await api<{ team: string }>('GET', `/api/games/${lobby.gameId}/my-character`, undefined, s.token)).body.team);
        const answers = seen.answers.get(character) ?? [];
        const texts = seen.texts.get(character) ?? { team, texts: [] };
        for (const path of walkPaths(lobby, s)) {
          const res = await api('GET', path, undefined, s.token);
          answers.push({ path: path.replace(lobby.gameId, ':game').replace(lobby.joinCode, ':code').replace(s.playerId, ':me'), status: res.status, shape: shape(res.body) });
          texts.texts.push(JSON.stringify(res.body));
        }
        seen.answers.set(character, answers);
        seen.texts.set(character, texts);
      }
    }
    // Pushes are read once all is done, so every delta sent until the suspect vote is in.
    await new Promise((r) => setTimeout(r, 300));
    for (const s of seatTokens) seen.texts.get(characterOf(s.playerId))!.texts.push(...pushes.get(s.playerId)!);
    for (const socket of sockets) socket.close();
    return { seen, k: (await caseOfGame(server, lobby.gameId)).case };
  }

  it('keeps the case and its killer out of every answer and push before the reveal, for every seat and the host', async () => {
    const played = [await playAsEverySeat(1), await playAsEverySeat(2)];
    expect(played.map((p) => p.k.id)).toEqual(shared.cases!.map((k) => k.id));
    for (const { seen, k } of played) {
      // What would give the case away: its id, its title, motive, method and the start of its reveal.
      const giveaways = caseGiveaways(shared.cases!);
      for (const [character, { team, texts }] of seen.texts) {
        expect(texts.length).toBeGreaterThan(50);
        for (const text of texts) {
          for (const g of giveaways) expect(text, `${character} in case ${k.id}`).not.toContain(g);
          // A Seeker is never told who the killer is (a Shadow is, by its own Shadow roster); nobody the case.
          const named = killerKeys(JSON.parse(text)).filter((key) => team === 'seeker' || /caseId|caseTitle/i.test(key));
          expect(named, `${character} (${team}) in case ${k.id}: ${text.slice(0, 200)}`).toEqual([]);
        }
      }
    }
    // A Seeker in both cases (the detective, and the cook who is never the killer here) gets answers of the same
    // shape and status, route by route, whichever case the game plays: only the texts themselves may differ.
    for (const character of ['fx-inspector', 'fx-cook']) {
      const [a, b] = played.map((p) => p.seen);
      expect(a!.texts.get(character)!.team).toBe('seeker');
      expect(b!.texts.get(character)!.team).toBe('seeker');
      expect(b!.answers.get(character)).toEqual(a!.answers.get(character));
    }
    // Two games walked through every route as every seat, three times: well over the default time of a test.
  }, 180_000);
});
