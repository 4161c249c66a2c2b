import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REVEAL_LAST_STEP,
  ZGameResults,
  ZGameView,
  ZMyCharacterResponse,
  phaseTable,
  type TStorylineContent,
} from '@ss/protocol';
import { loadStorylineContent } from '../src/modules/storylines/content-loader.js';
import { loadState } from '../src/modules/game-runtime/event-store.js';
import { apiFor, emitAck, hostSession, startServer, TEST_MODE, uniqueEmail, type Api, type ClientSocket, type TestServer } from './harness.js';
import { assignAll, dealtSeats, joinedSocket, joinPlayers, type Lobby } from './game-setup.js';
import { readablePush, roomView, waitForView, type ViewChange } from './room-view.js';
import { caseGiveaways, killerKeys } from './leak-scan.js';

/**
 * The Gull Rock Light (the published 3-day storyline, two cases over one cast), played whole at its smallest and
 * largest tables in each case: the host chooses the case, the table votes, the host steps the shared reveal to its
 * end, and the results name the case and its killer. Two games are played over REST and two over the socket; the
 * table convicts the killer in one game of each case and someone else in the other.
 */
const CONTENT_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'content');
const STORYLINE = 'gull-rock-1963';
const ADMIN = uniqueEmail('admin');

interface Seat {
  playerId: string;
  token: string;
  characterId: string;
  isHost: boolean;
  team: 'seeker' | 'shadow' | null;
  /** Every answer and push this seat's phone got before the reveal, as text. */
  seen: string[];
}

describe(`The Gull Rock Light played whole in both cases at 6 and 11 players (${TEST_MODE})`, () => {
  let server: TestServer;
  let api: Api;
  let content: TStorylineContent;
  beforeAll(async () => {
    content = (await loadStorylineContent(CONTENT_DIR)).find((s) => s.id === STORYLINE)!;
    // The truth of the storyline, as its cases state it.
    expect(content.cases!.map((k) => [k.id, k.killerCharacterId])).toEqual([
      ['gr-dark-minutes', 'gr-trago'],
      ['gr-low-water', 'gr-rowe'],
    ]);
    expect([content.minPlayers, content.maxPlayers, content.days.length]).toEqual([6, 11, 3]);
    server = await startServer({ env: { ADMIN_EMAILS: ADMIN, CONTENT_DIR } });
    api = apiFor(server);
    // Loading and seeding the real storylines takes a while on a loaded machine.
  }, 180_000);
  afterAll(async () => server?.close());

  /** A call as a seat, its answer kept in what the seat has seen. */
  const as = async <T = unknown>(seat: Seat, method: string, url: string, body?: unknown) => {
    const res = await api<T>(method, url, body, seat.token);
    seat.seen.push(JSON.stringify(res.body));
    return res;
  };

  /** The host creates a game of the case, `size - 1` players join, every seat is dealt in cast order. */
  async function dealtGame(caseId: string, size: number) {
    const host = await hostSession(api, ADMIN, 'Hostess');
    const created = await api<{ id: string; joinCode: string }>('POST', '/api/games', { storylineId: STORYLINE, caseId }, host.token);
    expect(created.status).toBe(201);
    const hostSeen = [JSON.stringify(created.body)];
    const players = await joinPlayers(api, created.body.joinCode, size - 1);
    const lobby: Lobby = { api, host, gameId: created.body.id, joinCode: created.body.joinCode, players, storyline: { id: STORYLINE } as Lobby['storyline'] };
    // The host is dealt the detective, a Seeker in both cases (the host plays blind); the others the rest of the
    // cast for the table's size, in cast order.
    const lobbyView = ZGameView.parse((await api('GET', `/api/games/${created.body.id}`, undefined, host.token)).body);
    const hostSeat = lobbyView.players.find((p) => p.isHost)!;
    const detective = { playerId: hostSeat.id, characterId: content.roles!.detectiveCharacterId };
    expect((await api('POST', `/api/games/${created.body.id}/assign-character`, detective, host.token)).status).toBe(200);
    await assignAll(lobby);
    const seats: Seat[] = (await dealtSeats(lobby)).map((s) => ({ ...s, team: null, seen: s.isHost ? hostSeen : [] }));
    expect(seats).toHaveLength(size);
    // The game plays the case the host chose (read from its log, as only a test may).
    expect((await loadState(server.ctx.db, created.body.id))?.game.caseId).toBe(caseId);
    return { gameId: created.body.id, seats, host: seats.find((s) => s.isHost)! };
  }

  it.each([
    { caseId: 'gr-dark-minutes', size: 6, over: 'rest', convict: 'killer' },
    { caseId: 'gr-dark-minutes', size: 11, over: 'socket', convict: 'innocent' },
    { caseId: 'gr-low-water', size: 6, over: 'rest', convict: 'innocent' },
    { caseId: 'gr-low-water', size: 11, over: 'socket', convict: 'killer' },
  ] as const)('$caseId at $size players over $over, the table convicts the $convict', async ({ caseId, size, over, convict }) => {
    const gameCase = content.cases!.find((k) => k.id === caseId)!;
    const table = phaseTable(content.days.length);
    const g = await dealtGame(caseId, size);
    const killer = g.seats.find((s) => s.characterId === gameCase.killerCharacterId)!;
    expect(killer).toBeDefined();

    // Socket games: every phone joins the room and keeps every push it is sent.
    const phones = new Map<Seat, ClientSocket>();
    if (over === 'socket') {
      for (const s of g.seats) {
        const socket = await joinedSocket(server, s.token, g.gameId);
        socket.onAny((event: string, ...args: unknown[]) => s.seen.push(JSON.stringify([event, readablePush(event, args)])));
        phones.set(s, socket);
      }
    }
    const everyPhone = (pred: (e: ViewChange) => boolean) => Promise.all([...phones.values()].map((p) => waitForView(p, pred, 10_000)));
    /** A host command, over the game's transport; socket games wait until every phone shows its result. */
    const drive = async (body: Record<string, unknown>, shown: (e: ViewChange) => boolean) => {
      if (over === 'rest') {
        const res = await as(g.host, 'PATCH', `/api/games/${g.gameId}`, { ...body, commandId: randomUUID() });
        expect(res.status, JSON.stringify(body)).toBe(200);
        return;
      }
      const seen = everyPhone(shown);
      const ack = await emitAck(phones.get(g.host)!, 'game:patch', { gameId: g.gameId, ...body, commandId: randomUUID() });
      g.host.seen.push(JSON.stringify(ack));
      expect(ack.ok, JSON.stringify(body)).toBe(true);
      await seen;
    };
    const readAll = async () => {
      for (const s of g.seats) expect((await as(s, 'GET', `/api/games/${g.gameId}`)).status).toBe(200);
    };

    try {
      await drive({ action: 'start' }, (e) => e.events.includes('game_started'));
      for (const s of g.seats) {
        const mine = await as(s, 'GET', `/api/games/${g.gameId}/my-character`);
        s.team = ZMyCharacterResponse.parse(mine.body).team ?? null;
      }
      expect([g.host.characterId, g.host.team]).toEqual([content.roles!.detectiveCharacterId, 'seeker']);
      expect(killer.team).toBe('shadow');

      // The three days: each seat reads its own day as it opens.
      for (let n = 1; n <= content.days.length; n++) {
        await drive({ action: 'advance', fromPhase: n - 1 }, (e) => e.game.currentPhase === n);
        for (const s of g.seats) {
          const day = await as<{ day: number }>(s, 'GET', `/api/characters/${s.characterId}/day/${n}${s.isHost ? `?gameId=${g.gameId}` : ''}`);
          expect([day.status, day.body.day]).toEqual([200, n]);
        }
        if (over === 'rest') await readAll();
      }

      // The suspect vote: three seats other than the killer get every vote but their own; each of them gives its
      // third pick to a non-killer outside the three, so the killer gets none and stays a final voter.
      await drive({ action: 'advance', fromPhase: table.suspectVote - 1 }, (e) => e.game.currentPhase === table.suspectVote);
      const innocents = g.seats.filter((s) => s !== killer);
      const top = innocents.slice(0, 3);
      const fillers = innocents.slice(3);
      const revealed = everyPhone((e) => e.game.suspectVoting.topSuspects !== null);
      for (const [i, voter] of g.seats.entries()) {
        const picks = top.includes(voter) ? [...top.filter((t) => t !== voter), fillers[i % fillers.length]!] : top;
        const suspects = picks.map((p) => p.playerId);
        if (over === 'rest') {
          expect((await as(voter, 'POST', `/api/games/${g.gameId}/suspect-votes`, { suspects, commandId: randomUUID() })).status).toBe(200);
        } else {
          const ack = await emitAck(phones.get(voter)!, 'vote:suspects', { gameId: g.gameId, suspects, commandId: randomUUID() });
          voter.seen.push(JSON.stringify(ack));
          expect(ack.ok).toBe(true);
        }
      }
      await revealed;
      const view = ZGameView.parse((await as(g.host, 'GET', `/api/games/${g.gameId}`)).body);
      expect(view.suspectVoting.topSuspects!.map((t) => t.playerId).sort()).toEqual(top.map((t) => t.playerId).sort());

      // The final vote: everyone outside the three votes. Convicting the killer, the killer alone votes otherwise
      // (outvoted at any table of 6 or more); convicting an innocent, everyone names the first of the three.
      await drive({ action: 'advance', fromPhase: table.finalVote - 1 }, (e) => e.game.currentPhase === table.finalVote);
      const accused = convict === 'killer' ? killer : top[0]!;
      const completed = everyPhone((e) => e.game.status === 'completed');
      for (const voter of g.seats.filter((s) => !top.includes(s))) {
        const suspectId = voter === killer ? top[0]!.playerId : accused.playerId;
        if (over === 'rest') {
          expect((await as(voter, 'POST', `/api/games/${g.gameId}/votes`, { phase: 99, suspectId, commandId: randomUUID() })).status).toBe(201);
        } else {
          const ack = await emitAck(phones.get(voter)!, 'vote:final', { gameId: g.gameId, phase: 99, suspectId, commandId: randomUUID() });
          voter.seen.push(JSON.stringify(ack));
          expect(ack.ok).toBe(true);
        }
      }
      for (const e of await completed) expect(e.game.reveal).toMatchObject({ step: 0, accusedPlayerId: null });
      await readAll();
      // The results wait for the reveal's killer step, for every seat.
      for (const s of g.seats) expect((await as(s, 'GET', `/api/games/${g.gameId}/results`)).status).toBeGreaterThanOrEqual(400);

      // Before the reveal, no Seeker (the host included) was told the case or the killer, in any answer or push.
      const seekers = g.seats.filter((s) => s.team === 'seeker');
      expect(seekers).toContain(g.host);
      expect(seekers.length).toBeGreaterThanOrEqual(size - 4);
      const giveaways = caseGiveaways(content.cases!);
      for (const s of seekers) {
        expect(s.seen.length).toBeGreaterThan(8);
        for (const text of s.seen) {
          for (const giveaway of giveaways) expect(text, `${s.characterId} was told ${giveaway}`).not.toContain(giveaway);
          expect(killerKeys(JSON.parse(text)), `${s.characterId}: ${text.slice(0, 200)}`).toEqual([]);
        }
      }

      // The host steps the shared reveal to its end.
      for (let step = 1; step <= REVEAL_LAST_STEP; step++) {
        if (over === 'rest') {
          expect((await api('POST', `/api/games/${g.gameId}/reveal`, { toStep: step, commandId: randomUUID() }, g.host.token)).status).toBe(200);
        } else {
          const moved = everyPhone((e) => e.game.reveal?.step === step);
          expect((await emitAck(phones.get(g.host)!, 'table:reveal', { gameId: g.gameId, toStep: step, commandId: randomUUID() })).ok).toBe(true);
          await moved;
        }
      }

      // The results name the case and its killer, and the verdict follows the votes.
      const seekersWin = convict === 'killer';
      const killerName = content.characters.find((c) => c.id === gameCase.killerCharacterId)!.name;
      for (const s of [g.host, killer, g.seats.at(-1)!]) {
        const res = await api('GET', `/api/games/${g.gameId}/results`, undefined, s.token);
        expect(res.status).toBe(200);
        const results = ZGameResults.parse(res.body);
        expect(results).toMatchObject({
          caseId: gameCase.id,
          caseTitle: gameCase.title,
          killerCharacterId: gameCase.killerCharacterId,
          finalKiller: { playerId: killer.playerId, characterName: killerName },
          accusedKiller: { playerId: accused.playerId },
          killerCorrect: seekersWin,
          winningTeam: seekersWin ? 'seekers' : 'shadows',
        });
        expect(results.playerResults.find((p) => p.playerId === killer.playerId)).toMatchObject({ isKiller: true, team: 'shadow', isWinner: !seekersWin });
        expect(results.playerResults.find((p) => p.playerId === g.host.playerId)).toMatchObject({ team: 'seeker', isWinner: seekersWin });
      }
      // Every phone of a socket game was pushed to the end of the reveal, with the killer named.
      for (const socket of phones.values()) {
        expect(roomView(socket).reveal?.step).toBe(REVEAL_LAST_STEP);
        expect(roomView(socket).results?.killerPlayerId).toBe(killer.playerId);
      }
    } finally {
      for (const socket of phones.values()) socket.close();
    }
  }, 180_000);
});
