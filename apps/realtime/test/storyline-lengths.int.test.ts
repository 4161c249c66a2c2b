import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REVEAL_LAST_STEP,
  ZDashboardGames,
  ZGameView,
  ZTvSnapshot,
  phaseTable,
  type TPhaseRef,
  type TStorylineContent,
} from '@ss/protocol';
import { loadStorylineContent } from '../src/modules/storylines/content-loader.js';
import { loadState } from '../src/modules/game-runtime/event-store.js';
import { apiFor, emitAck, hostSession, startServer, TEST_MODE, uniqueEmail, type Api, type TestServer } from './harness.js';
import { assignAll, dealtSeats, joinedSocket, joinPlayers, type Lobby } from './game-setup.js';
import { waitForView, type ViewChange } from './room-view.js';

/** The 3-day (5-9 players) and 5-day (4-10 players) fixtures, played to the end at their smallest and largest tables. */
const DAYS_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures', 'content-days');
const ADMIN = uniqueEmail('admin');

/** What every game read must say about phase n of a storyline of `days` days (the table derived from its days). */
function expectedRef(days: number, n: number, status: 'in_progress' | 'completed' = 'in_progress'): TPhaseRef {
  if (status === 'completed') return { key: 'outcome', kind: 'outcome', day: null };
  if (n === 0) return { key: 'homepage', kind: 'homepage', day: null };
  if (n <= days) return { key: `day-${n}`, kind: 'day', day: n };
  return n === days + 1 ? { key: 'suspect-vote', kind: 'suspect-vote', day: null } : { key: 'final-vote', kind: 'final-vote', day: null };
}

interface Seat {
  playerId: string;
  token: string;
  characterId: string;
}

describe(`storylines of three and five days, played to the end (${TEST_MODE})`, () => {
  let server: TestServer;
  let api: Api;
  let storylines: TStorylineContent[];
  beforeAll(async () => {
    storylines = await loadStorylineContent(DAYS_DIR);
    server = await startServer({ env: { ADMIN_EMAILS: ADMIN, CONTENT_DIR: DAYS_DIR } });
    api = apiFor(server);
  });
  afterAll(async () => server?.close());

  /** A started game of `seats` seats (the host's included), every seat dealt from the cast table. */
  async function startedGame(content: TStorylineContent, seats: number, isTestingMode = false) {
    const host = await hostSession(api, ADMIN, 'Hostess');
    const created = await api<{ id: string; joinCode: string }>('POST', '/api/games', { storylineId: content.id, isTestingMode }, host.token);
    expect(created.status).toBe(201);
    const players = await joinPlayers(api, created.body.joinCode, seats - 1);
    const lobby: Lobby = { api, host, gameId: created.body.id, joinCode: created.body.joinCode, players, storyline: { id: content.id } as Lobby['storyline'] };
    await assignAll(lobby);
    const seatsOf: Seat[] = await dealtSeats(lobby);
    const start = await api('PATCH', `/api/games/${created.body.id}`, { action: 'start', commandId: randomUUID() }, host.token);
    expect(start.status).toBe(200);
    // The killer of the case the server dealt ("Surprise me": the host's finished games make the next one the
    // other case), read from the game's log as only a test may.
    const state = await loadState(server.ctx.db, created.body.id);
    const gameCase = content.cases!.find((k) => k.id === state?.game.caseId)!;
    const killer = seatsOf.find((s) => s.characterId === gameCase.killerCharacterId)!;
    // The top 3 of the suspect vote: three seats other than the killer.
    const top = seatsOf.filter((s) => s !== killer).slice(0, 3);
    return { gameId: created.body.id, joinCode: created.body.joinCode, host, seats: seatsOf, killer, top };
  }

  /** A started game of storyline `id` at its smallest or largest table, with the storyline's phase table. */
  async function startedAtTable(id: string, size: 'min' | 'max') {
    const content = storylines.find((s) => s.id === id)!;
    const days = content.days.length;
    const g = await startedGame(content, size === 'min' ? content.minPlayers : content.maxPlayers);
    return { content, days, table: phaseTable(days), g };
  }

  const ballotOf = (g: { top: Seat[]; seats: Seat[] }, voter: Seat) => {
    const others = g.top.filter((t) => t !== voter);
    return others.length === 3 ? others : [...others, g.seats.find((s) => s !== voter && !g.top.includes(s))!];
  };

  it.each([
    ['fixture-manor-3-days', 'min'],
    ['fixture-manor-5-days', 'max'],
    ['fixture-manor-5-days', 'min'],
  ] as const)('%s at its %s table through REST: every read names the phase, days open one by one, then the outcome', async (id, size) => {
    const { content, days, table, g } = await startedAtTable(id, size);
    const read = async () => ZGameView.parse((await api('GET', `/api/games/${g.gameId}`, undefined, g.host.token)).body);
    const reader = g.seats.find((s) => s.token !== g.host.token)!;

    for (let n = 0; n <= table.last; n++) {
      if (n > 0) {
        const moved = await api('PATCH', `/api/games/${g.gameId}`, { action: 'advance', fromPhase: n - 1, commandId: randomUUID() }, g.host.token);
        expect(moved.status, `advance to ${n}`).toBe(200);
      }
      const view = await read();
      expect([view.currentPhase, view.phase]).toEqual([n, expectedRef(days, n)]);
      // The dashboard and the table screen name the same phase.
      const active = ZDashboardGames.parse((await api('GET', '/api/dashboard/active-games', undefined, g.host.token)).body);
      expect(active.find((x) => x.id === g.gameId)?.phase).toEqual(expectedRef(days, n));
      const tv = ZTvSnapshot.parse((await api('GET', `/api/tv/${g.joinCode}`)).body).view;
      expect(tv.phase).toEqual(expectedRef(days, n));
      expect(tv.day?.day ?? null).toBe(n >= 1 && n <= days ? n : null);
      const dayRead = (d: number | string) => api<{ day: number; message: string }>('GET', `/api/characters/${reader.characterId}/day/${d}`, undefined, reader.token);
      if (n >= 1 && n <= days) {
        const today = await dayRead(n);
        expect(today.status).toBe(200);
        expect(today.body.day).toBe(n);
        if (n < days) expect((await dayRead(n + 1)).status).toBe(403);
      }
      if (n === table.suspectVote) {
        for (const voter of g.seats) {
          const res = await api('POST', `/api/games/${g.gameId}/suspect-votes`, { suspects: ballotOf(g, voter).map((s) => s.playerId), commandId: randomUUID() }, voter.token);
          expect(res.status).toBe(200);
        }
        // At the smallest tables the killer can tie into the top 3 (ties go to seating order): the votes decide.
        const revealed = (await read()).suspectVoting.topSuspects!;
        expect(revealed).toHaveLength(3);
        g.top = revealed.map((t) => g.seats.find((x) => x.playerId === t.playerId)!);
      }
    }
    // No day beyond the storyline's, and no phase beyond its final vote.
    const beyond = await api<{ message: string }>('GET', `/api/characters/${reader.characterId}/day/${days + 1}`, undefined, reader.token);
    expect([beyond.status, beyond.body.message]).toEqual([400, `Day must be 1 to ${days}`]);
    const past = await api<{ reason: string }>('PATCH', `/api/games/${g.gameId}`, { action: 'advance', fromPhase: table.last, commandId: randomUUID() }, g.host.token);
    expect([past.status, past.body.reason]).toEqual([409, 'PHASE_OUT_OF_RANGE']);
    const jump = await api<{ reason: string }>('PATCH', `/api/games/${g.gameId}`, { action: 'set-phase', phase: table.last + 1, commandId: randomUUID() }, g.host.token);
    expect(jump.status).toBe(table.last + 1 <= 8 ? 409 : 400);

    // Ballots were cast: the final vote cannot go back to the suspect vote.
    const back = await api<{ reason: string }>('PATCH', `/api/games/${g.gameId}`, { action: 'back', fromPhase: table.last, commandId: randomUUID() }, g.host.token);
    expect([back.status, back.body.reason]).toEqual([409, 'VOTES_CAST']);
    const finalVoters = g.seats.filter((s) => !g.top.includes(s));
    for (const voter of finalVoters) {
      const accused = voter === g.killer ? g.top.find((t) => t !== g.killer)! : g.killer;
      const res = await api('POST', `/api/games/${g.gameId}/votes`, { phase: 99, suspectId: accused.playerId, commandId: randomUUID() }, voter.token);
      expect(res.status).toBe(201);
    }
    const ended = await read();
    expect(ended.status).toBe('completed');
    // The killer is named once the host takes the room through the shared reveal.
    expect(ended.results?.killerPlayerId).toBeUndefined();
    const reveal = await api('POST', `/api/games/${g.gameId}/reveal`, { toStep: REVEAL_LAST_STEP, commandId: randomUUID() }, g.host.token);
    expect(reveal.status).toBeLessThan(300);
    const done = await read();
    expect([done.currentPhase, done.phase]).toEqual([table.finalVote, expectedRef(days, table.finalVote, 'completed')]);
    expect(done.results?.killerPlayerId).toBe(g.killer.playerId);
    const completed = ZDashboardGames.parse((await api('GET', '/api/dashboard/completed-games', undefined, g.host.token)).body);
    expect(completed.find((x) => x.id === g.gameId)?.phase).toEqual({ key: 'outcome', kind: 'outcome', day: null });
    // The case-file replay walks the storyline's own days.
    const replay = await api<{ days: Array<{ day: number }> }>('GET', `/api/games/${g.gameId}/replay`, undefined, g.host.token);
    expect(replay.status).toBe(200);
    expect(replay.body.days.map((d) => d.day)).toEqual(content.days.map((d) => d.day));
  });

  it.each([
    ['fixture-manor-3-days', 'max'],
    ['fixture-manor-5-days', 'min'],
  ] as const)('%s at its %s table over sockets: every phone is pushed each phase by key, kind and day', async (id, size) => {
    const { days, table, g } = await startedAtTable(id, size);
    const phones = await Promise.all(g.seats.map(async (s) => ({ seat: s, socket: await joinedSocket(server, s.token, g.gameId) })));
    const host = phones.find((p) => p.seat.token === g.host.token)!;
    const everyone = (pred: (e: ViewChange) => boolean) => Promise.all(phones.map((p) => waitForView(p.socket, pred, 5000)));
    try {
      for (let n = 1; n <= table.last; n++) {
        const seen = everyone((e) => e.game.currentPhase === n);
        const ack = await emitAck(host.socket, 'game:patch', { gameId: g.gameId, action: 'advance', fromPhase: n - 1, commandId: randomUUID() });
        expect(ack.ok, `advance to ${n}`).toBe(true);
        for (const e of await seen) expect(e.game.phase).toEqual(expectedRef(days, n));
        if (n === table.suspectVote) {
          // The suspect vote happens in its phase, over the socket.
          const revealed = everyone((e) => e.game.suspectVoting.topSuspects !== null);
          for (const p of phones) {
            const a = await emitAck(p.socket, 'vote:suspects', { gameId: g.gameId, suspects: ballotOf(g, p.seat).map((s) => s.playerId), commandId: randomUUID() });
            expect(a.ok).toBe(true);
          }
          const [first] = await revealed;
          g.top = first!.game.suspectVoting.topSuspects!.map((t) => g.seats.find((x) => x.playerId === t.playerId)!);
        }
      }
      const completed = everyone((e) => e.game.status === 'completed');
      for (const p of phones.filter((x) => !g.top.includes(x.seat))) {
        const accused = p.seat === g.killer ? g.top.find((t) => t !== g.killer)! : g.killer;
        const a = await emitAck(p.socket, 'vote:final', { gameId: g.gameId, phase: 99, suspectId: accused.playerId, commandId: randomUUID() });
        expect(a.ok).toBe(true);
      }
      for (const e of await completed) {
        expect(e.game.phase).toEqual({ key: 'outcome', kind: 'outcome', day: null });
        expect(e.game.currentPhase).toBe(table.finalVote);
      }
    } finally {
      for (const p of phones) p.socket.close();
    }
  });

  it('takes daily votes, survey answers and analytics for every day of a five-day storyline, and no day beyond it', async () => {
    const content = storylines.find((s) => s.days.length === 5)!;
    const g = await startedGame(content, content.minPlayers + 1, true);
    const voter = g.seats.find((s) => s.token !== g.host.token)!;
    const suspect = g.seats.find((s) => s !== voter)!;
    const daily = (day: number) =>
      api<{ message: string }>('POST', `/api/games/${g.gameId}/daily-vote`, { gamePlayerId: voter.playerId, day, suspectCharacterId: suspect.characterId }, voter.token);
    for (let n = 1; n <= 5; n++) {
      expect((await api('PATCH', `/api/games/${g.gameId}`, { action: 'advance', fromPhase: n - 1, commandId: randomUUID() }, g.host.token)).status).toBe(200);
      expect((await daily(n)).status, `day ${n}`).toBe(201);
    }
    const sixth = await daily(6);
    expect([sixth.status, sixth.body.message]).toEqual([400, 'Day must be 1 to 5']);
    const ownFifth = await api<{ day: number }>('GET', `/api/games/${g.gameId}/player/${voter.playerId}/daily-vote/5`, undefined, voter.token);
    expect([ownFifth.status, ownFifth.body.day]).toEqual([200, 5]);
    expect((await api<{ message: string }>('GET', `/api/games/${g.gameId}/daily-votes/6`, undefined, g.host.token)).body.message).toBe('Day must be 1 to 5');

    const feedback = (seat: Seat, theoryFormationDay: string) =>
      api<{ message: string }>(
        'POST',
        `/api/games/${g.gameId}/feedback`,
        { gamePlayerId: seat.playerId, enjoymentRating: 4, theoryFormationDay, standoutMoments: 'The fifth day', wouldPlayAnother: 'yes' },
        seat.token,
      );
    const beyond = await feedback(voter, 'day6');
    expect([beyond.status, beyond.body.message]).toEqual([400, 'theoryFormationDay must be one of day1, day2, day3, day4, day5 or never']);
    expect((await feedback(voter, 'day5')).status).toBe(201);

    const admin = g.host.token;
    const dailyStats = await api<Record<string, { gameSizeGroups: Array<{ totalVotes: number }> }>>('GET', '/api/admin/daily-voting-by-game-size', undefined, admin);
    expect(dailyStats.status).toBe(200);
    expect(Object.keys(dailyStats.body).filter((k) => k.startsWith('day'))).toEqual(['day1', 'day2', 'day3', 'day4', 'day5']);
    expect(dailyStats.body.day5!.gameSizeGroups[0]!.totalVotes).toBe(1);
    const fb = await api<{ theoryFormationBreakdown: Record<string, number> }>('GET', '/api/admin/feedback-analytics', undefined, admin);
    expect(fb.body.theoryFormationBreakdown).toEqual({ day1: 0, day2: 0, day3: 0, day4: 0, day5: 1, never: 0 });
  });
});
