import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeRoomDelta, ROOM_DELTA, ZGameEvent, replay, type TGameCommand, type TGameView, type TGameState, type TWireDelta } from '@ss/protocol';
import { TEST_MODE, uniqueEmail } from './harness.js';
import { appendPastRuntime } from './append-as-engine.js';
import { serverForSuite } from './suite-server.js';
import { startedGame } from './completed-game.js';
import { createLobby, joinedSocket } from './game-setup.js';
import { roomView, waitForView } from './room-view.js';
import { CommandBus, commandBus, runGameCommand } from '../src/modules/game-runtime/command.js';
import { loadState } from '../src/modules/game-runtime/event-store.js';
import type { Principal } from '../src/modules/auth/principal.js';

const ADMIN = uniqueEmail('admin');

describe(`the event log (${TEST_MODE})`, () => {
  const suite = serverForSuite({ env: { ADMIN_EMAILS: ADMIN } });
  const api = suite.api;

  it('ten parallel advances from the same host screen move the game one phase; a stale one changes nothing', async () => {
    const g = await startedGame(suite.server, ADMIN, 5);
    const host = g.lobby.host.token;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => api<{ reason?: string }>('PATCH', `/api/games/${g.gameId}`, { action: 'advance', fromPhase: 0 }, host)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.reason === 'PHASE_STALE')).toBe(true);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    const view = await api<TGameView>('GET', `/api/games/${g.gameId}`, undefined, host);
    expect(view.body.currentPhase).toBe(1);
    // Without the phase the host sees, advance and back are refused; back from the right phase works.
    expect((await api('PATCH', `/api/games/${g.gameId}`, { action: 'back' }, host)).status).toBe(400);
    expect((await api('PATCH', `/api/games/${g.gameId}`, { action: 'back', fromPhase: 0 }, host)).status).toBe(409);
    expect((await api('PATCH', `/api/games/${g.gameId}`, { action: 'back', fromPhase: 1 }, host)).status).toBe(200);
    expect((await api<TGameView>('GET', `/api/games/${g.gameId}`, undefined, host)).body.currentPhase).toBe(0);
  });

  it('a retried command id is applied once, whether the retry would be refused, decided again, or sent twice at once', async () => {
    const g = await startedGame(suite.server, ADMIN, 5);
    const host = g.lobby.host.token;
    const patch = (body: object) => api<{ game: TGameView }>('PATCH', `/api/games/${g.gameId}`, body, host);
    const events = async () => (await suite.server.ctx.db.selectFrom('game_events').select(['seq', 'command_id']).where('game_id', '=', g.gameId).execute()).length;

    // Refused if decided again (the phase moved on): answered as the success it was.
    const advance = { action: 'advance', fromPhase: 0, commandId: randomUUID() };
    expect((await patch(advance)).status).toBe(200);
    const afterAdvance = await events();
    const retriedAdvance = await patch(advance);
    expect(retriedAdvance.status).toBe(200);
    expect(retriedAdvance.body.game.currentPhase).toBe(1);

    // Accepted if decided again (a later change overwrote it): the log's unique command id stops the second copy.
    const off = { action: 'set-feedback-mode', enabled: false, commandId: randomUUID() };
    expect((await patch(off)).status).toBe(200);
    expect((await patch({ action: 'set-feedback-mode', enabled: true, commandId: randomUUID() })).status).toBe(200);
    const beforeRetry = await events();
    const retriedOff = await patch(off);
    expect(retriedOff.status).toBe(200);
    expect(retriedOff.body.game.feedbackMode).toBe(true);
    expect(await events()).toBe(beforeRetry);

    // The same id three times at once (one batch, or several): one event.
    const offAgain = { action: 'set-feedback-mode', enabled: false, commandId: randomUUID() };
    const answers = await Promise.all([patch(offAgain), patch(offAgain), patch(offAgain)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await events()).toBe(beforeRetry + 1);
    expect(afterAdvance).toBeLessThan(beforeRetry);
    expect((await api<TGameView>('GET', `/api/games/${g.gameId}`, undefined, host)).body.feedbackMode).toBe(false);
  });

  it('a batch too big for one statement commits the games that fit, then the others; nothing lost or doubled', async () => {
    const lobbies = await Promise.all([0, 1, 2].map(() => createLobby(suite.server, ADMIN, 0)));
    const before = await Promise.all(lobbies.map(async (l) => (await loadState(suite.server.ctx.db, l.gameId)) as TGameState));
    // Statements of at most 150 parameters: six joins (a player row each, 13 parameters, beside the log's few) are
    // about 85, so each game's joins need a commit of their own, though all 18 arrive in one batch.
    const bus = new CommandBus(suite.server.ctx, 150);
    const joins = lobbies.flatMap((l) => Array.from({ length: 6 }, (_, n) => ({ gameId: l.gameId, playerId: randomUUID(), displayName: `Split ${n}` })));
    const answers = await Promise.all(joins.map((j) => bus.submit(j.gameId, { type: 'join', playerId: j.playerId, displayName: j.displayName }, { kind: 'guest' })));
    expect(answers).toHaveLength(18);
    const commits = new Set<number>();
    for (const [i, l] of lobbies.entries()) {
      commandBus(suite.server.ctx).forget(l.gameId);
      const state = (await loadState(suite.server.ctx.db, l.gameId)) as TGameState;
      expect(state.players.map((p) => p.displayName)).toEqual([...before[i]!.players.map((p) => p.displayName), ...[0, 1, 2, 3, 4, 5].map((n) => `Split ${n}`)]);
      const log = await suite.server.ctx.db.selectFrom('game_events').select(['seq', 'at']).where('game_id', '=', l.gameId).orderBy('seq').execute();
      expect(log.map((e) => e.seq)).toEqual(Array.from({ length: state.version }, (_, n) => n + 1));
      for (const e of log.slice(before[i]!.version)) commits.add(new Date(e.at).getTime());
      const rows = await suite.server.ctx.db.selectFrom('game_players').select('display_name').where('game_id', '=', l.gameId).execute();
      expect(rows).toHaveLength(state.players.length);
      expect((await suite.server.ctx.live.get(l.gameId))?.version).toBe(state.version);
    }
    expect(commits.size).toBe(3);
  });

  it("a game's push waits for its commit already running and goes out once with both; alone if that commit changes nothing", async () => {
    const g = await startedGame(suite.server, ADMIN, 5);
    const hostP: Principal = { kind: 'user', userId: g.lobby.host.userId, role: 'admin', name: 'Hostess' };
    await runGameCommand(suite.server.ctx, g.gameId, { type: 'set_phase', phase: 5 }, hostP);
    const phones = await Promise.all(g.seats.map((s) => joinedSocket(suite.server, s.token, g.gameId)));
    const deltas: { from: number; to: number; events: string[] }[][] = phones.map(() => []);
    phones.forEach((p, i) => p.on(ROOM_DELTA, (...wire: TWireDelta) => deltas[i]!.push(decodeRoomDelta(wire, null, Date.now()))));
    const seat = (i: number): Principal => ({ kind: 'player', playerId: g.seats[i]!.playerId, gameId: g.gameId, sessionVersion: 1, name: g.seats[i]!.displayName });
    const ballot = (i: number) => ({ type: 'cast_suspect_ballot', suspects: [1, 2, 3, 4].filter((n) => n !== i).slice(0, 3).map((n) => g.seats[n]!.playerId) }) as const;
    const bus = commandBus(suite.server.ctx);
    // `second` is sent the moment `first` is committed (its live room is being written, before its pushes), so
    // it is in the next batch, being committed while the first's pushes go out: as under load.
    const live = suite.server.ctx.live;
    const put = live.put.bind(live);
    let onPut: (() => void) | null = null;
    live.put = (room, ttl) => {
      const f = room.game.id === g.gameId ? onPut : null;
      onPut = null;
      f?.();
      return put(room, ttl);
    };
    const overlapping = async (first: [number, TGameCommand], second: [number, TGameCommand]) => {
      const sent: { b?: Promise<PromiseSettledResult<unknown>[]> } = {};
      // Settled as soon as it is sent: a refusal is an answer here, not an unhandled rejection.
      onPut = () => (sent.b = Promise.allSettled([bus.submit(g.gameId, second[1], seat(second[0]))]));
      const a = await Promise.allSettled([bus.submit(g.gameId, first[1], seat(first[0]))]);
      if (!sent.b) throw new Error('the second command was not sent during the first commit');
      return [a[0]!, (await sent.b)[0]!] as const;
    };
    const v0 = ((await loadState(suite.server.ctx.db, g.gameId)) as TGameState).version;

    const [a, b] = await overlapping([1, ballot(1)], [2, ballot(2)]);
    expect([a.status, b.status]).toEqual(['fulfilled', 'fulfilled']);
    const both = await Promise.all(phones.map((p) => waitForView(p, (c) => c.game.version === v0 + 2, 5000)));
    expect(both).toHaveLength(phones.length);
    // One frame per phone for the two commits.
    for (const d of deltas) expect(d).toEqual([expect.objectContaining({ from: v0, to: v0 + 2, events: ['suspect_ballot_cast', 'suspect_ballot_cast'] })]);

    // The second is refused (seat 3 has no second ballot): the first's push, held for it, goes out alone.
    for (const d of deltas) d.length = 0;
    const [c, refused] = await overlapping([3, ballot(3)], [3, { type: 'cast_suspect_ballot', suspects: [0, 1, 2].map((n) => g.seats[n]!.playerId) }]);
    expect(c.status).toBe('fulfilled');
    expect(refused.status).toBe('rejected');
    await Promise.all(phones.map((p) => waitForView(p, (v) => v.game.version === v0 + 3, 5000)));
    for (const d of deltas) expect(d).toEqual([expect.objectContaining({ from: v0 + 2, to: v0 + 3, events: ['suspect_ballot_cast'] })]);
    live.put = put;
    for (const p of phones) p.close();
  });

  it('answers senders in commit order, even when a later commit was all refusals and wrote nothing', async () => {
    const g = await startedGame(suite.server, ADMIN, 5);
    const hostP: Principal = { kind: 'user', userId: g.lobby.host.userId, role: 'admin', name: 'Hostess' };
    await runGameCommand(suite.server.ctx, g.gameId, { type: 'set_phase', phase: 5 }, hostP);
    const seat = (i: number): Principal => ({ kind: 'player', playerId: g.seats[i]!.playerId, gameId: g.gameId, sessionVersion: 1, name: g.seats[i]!.displayName });
    const ballot = { type: 'cast_suspect_ballot', suspects: [2, 3, 4].map((n) => g.seats[n]!.playerId) } as const;
    const bus = commandBus(suite.server.ctx);
    // The first commit's live-room write is slow; the second command (a seat moving the phase: refused) is sent
    // while it is under way, so its commit, which writes nothing, ends first.
    const live = suite.server.ctx.live;
    const put = live.put.bind(live);
    const order: string[] = [];
    let second: Promise<unknown> | null = null;
    live.put = async (room, ttl) => {
      if (room.game.id === g.gameId && !second) {
        second = bus.submit(g.gameId, { type: 'set_phase', phase: 6 }, seat(1)).then(
          () => order.push('second accepted'),
          () => order.push('second refused'),
        );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return put(room, ttl);
    };
    try {
      await bus.submit(g.gameId, ballot, seat(1)).then(() => order.push('first accepted'));
      await second;
    } finally {
      live.put = put;
    }
    expect(order).toEqual(['first accepted', 'second refused']);
  });

  /** A started game of five seats, every seat's phone following it. */
  const followedGame = async () => {
    const g = await startedGame(suite.server, ADMIN, 5);
    return { g, phones: await Promise.all(g.seats.map((s) => joinedSocket(suite.server, s.token, g.gameId))) };
  };

  it('pushes a change whose instance died between commit and push to every phone within seconds', async () => {
    const { g, phones } = await followedGame();
    // A writer that commits to the log and the projections, then dies before it can push or touch the live store.
    const { after } = await appendPastRuntime(suite.server, g.gameId, [
      { type: 'phase_changed', from: 0, to: 1 },
      { type: 'leader_changed', playerId: g.seats[2]!.playerId },
    ]);
    const t0 = Date.now();
    const caughtUp = await Promise.all(phones.map((p) => waitForView(p, (c) => c.game.version === after.version, 10_000)));
    expect(Date.now() - t0).toBeLessThan(8000);
    for (const c of caughtUp) expect(c.game).toMatchObject({ currentPhase: 1, leaderPlayerId: g.seats[2]!.playerId, version: after.version });
    // The next command starts from the log, not from the stale copy.
    const next = await api<{ game: TGameView }>('PATCH', `/api/games/${g.gameId}`, { action: 'advance', fromPhase: 1 }, g.lobby.host.token);
    expect(next.status).toBe(200);
    expect(next.body.game.version).toBe(after.version + 1);
    for (const p of phones) p.close();
  });

  it('a commit whose push was lost on the way (recorded as pushed) reaches every phone through the heartbeat', async () => {
    const { g, phones } = await followedGame();
    // Committed, in the live store and marked pushed, but no phone heard of it (a push lost between instances).
    const { after, at } = await appendPastRuntime(suite.server, g.gameId, [{ type: 'phase_changed', from: 0, to: 1 }]);
    await suite.server.ctx.live.put(after, 3600);
    commandBus(suite.server.ctx).forget(g.gameId);
    commandBus(suite.server.ctx).publisher.pushing(g.gameId, after.version - 1);
    await suite.server.ctx.db.insertInto('game_published').values({ game_id: g.gameId, seq: after.version, at }).onConflict((oc) => oc.column('game_id').doUpdateSet({ seq: after.version })).execute();
    const caughtUp = await Promise.all(phones.map((p) => waitForView(p, (c) => c.game.version === after.version, 12_000)));
    for (const c of caughtUp) expect(c.game.currentPhase).toBe(1);
    for (const p of phones) p.close();
  }, 30_000);

  it('random command sequences: folding the log, the live state and the projections agree', async () => {
    const lobby = await createLobby(suite.server, ADMIN, 0);
    const hostP: Principal = { kind: 'user', userId: lobby.host.userId, role: 'admin', name: 'Hostess' };
    const seats: string[] = [];
    const player = (id: string): Principal => ({ kind: 'player', playerId: id, gameId: lobby.gameId, sessionVersion: 1, name: 'x' });
    const pick = (n: number) => seats[n % Math.max(1, seats.length)] ?? randomUUID();
    const step = fc.record({ k: fc.integer({ min: 0, max: 11 }), a: fc.nat(40), b: fc.nat(40), c: fc.nat(40) });
    const steps = fc.sample(fc.array(step, { minLength: 70, maxLength: 70 }), { numRuns: 1, seed: 7 })[0]!;
    const state0 = (await loadState(suite.server.ctx.db, lobby.gameId)) as TGameState;
    seats.push(state0.players[0]!.id);
    const content = await suite.server.ctx.catalog.get(state0.game.storylineId, state0.game.storylineVersion);
    for (const [i, s] of steps.entries()) {
      // Guided moments, so the random steps also run in the votes: seat everyone and start, then the two votes.
      if (i === 20) {
        for (let n = 0; n < 5; n++) {
          const id = randomUUID();
          await runGameCommand(suite.server.ctx, lobby.gameId, { type: 'join', playerId: id, displayName: `Guided ${n}` }, { kind: 'guest' }).then(() => seats.push(id)).catch(() => undefined);
        }
        const cur = (await loadState(suite.server.ctx.db, lobby.gameId)) as TGameState;
        for (const [n, p] of cur.players.entries()) {
          await runGameCommand(suite.server.ctx, lobby.gameId, { type: 'assign_character', playerId: p.id, characterId: content.content.castOrder[n]! }, hostP).catch(() => undefined);
        }
        await runGameCommand(suite.server.ctx, lobby.gameId, { type: 'start_game' }, hostP).catch(() => undefined);
        await runGameCommand(suite.server.ctx, lobby.gameId, { type: 'set_phase', phase: 5 }, hostP).catch(() => undefined);
      }
      if (i === 45) await runGameCommand(suite.server.ctx, lobby.gameId, { type: 'set_phase', phase: 6 }, hostP).catch(() => undefined);
      const st = (await loadState(suite.server.ctx.db, lobby.gameId)) as TGameState;
      const phase = st.game.currentPhase;
      const voter = player(pick(s.a));
      const sender = (id: string) => (id === state0.players[0]!.id ? hostP : player(id));
      let command: TGameCommand;
      let from: Principal | { kind: 'guest' } = hostP;
      switch (s.k) {
        case 0:
        case 1: {
          const id = randomUUID();
          command = { type: 'join', playerId: id, displayName: `P${s.a}` };
          from = { kind: 'guest' };
          seats.push(id);
          break;
        }
        case 2:
          command = { type: 'assign_character', playerId: pick(s.a), characterId: content.content.castOrder[s.b % 8]! };
          break;
        case 3:
          command = { type: 'start_game' };
          break;
        case 4:
          // The suspect vote mostly stays open long enough for ballots.
          command = phase === 5 && s.b % 4 !== 0 ? { type: 'set_leader', playerId: null } : { type: 'advance_phase', fromPhase: phase };
          break;
        case 5:
          command = { type: 'set_phase', phase: phase === 5 ? 5 : Math.max(phase, s.b % 7) };
          break;
        case 6:
        case 7: {
          const me = pick(s.a);
          from = sender(me);
          command = { type: 'cast_suspect_ballot', suspects: [1, 2, 3].map((k) => pick(seats.indexOf(me) + k + (s.b % 2))) };
          break;
        }
        case 8: {
          const me = pick(s.a);
          from = sender(me);
          command = { type: 'cast_final_vote', suspectId: pick(seats.indexOf(me) + 1 + (s.c % 3)) };
          break;
        }
        case 9:
          from = voter;
          command = { type: 'remove_vote', playerId: pick(s.b) };
          break;
        case 10:
          command = { type: 'remove_player', playerId: pick(s.a) };
          break;
        default:
          command = { type: 'set_leader', playerId: pick(s.b) };
      }
      // Refusals are part of the test: they must leave the log, the state and the projections in step.
      await runGameCommand(suite.server.ctx, lobby.gameId, command, from, s.c % 4 === 0 ? randomUUID() : undefined).catch(() => undefined);
    }

    const db = suite.server.ctx.db;
    const log = await db.selectFrom('game_events').select(['seq', 'event']).where('game_id', '=', lobby.gameId).orderBy('seq').execute();
    expect(log.map((r) => r.seq)).toEqual(log.map((_, i) => i + 1));
    const folded = replay(log.map((r) => ({ seq: r.seq, event: ZGameEvent.parse(r.event) })));
    const loaded = await loadState(db, lobby.gameId);
    const live = await suite.server.ctx.live.get(lobby.gameId);
    expect(loaded).toEqual(folded);
    expect(live).toEqual(folded);
    expect(folded.players.length).toBeGreaterThan(3);
    expect(folded.game.status).not.toBe('setup');
    expect(folded.suspectVoting.voterIds.length).toBeGreaterThan(0);

    // The projections hold what the state holds.
    const game = await db.selectFrom('games').selectAll().where('id', '=', lobby.gameId).executeTakeFirstOrThrow();
    expect({ status: game.status, phase: game.current_phase, leader: game.leader_player_id }).toEqual({
      status: folded.game.status,
      phase: folded.game.currentPhase,
      leader: folded.game.leaderPlayerId,
    });
    const rows = await db.selectFrom('game_players').selectAll().where('game_id', '=', lobby.gameId).where('removed_at', 'is', null).orderBy('joined_at').orderBy('id').execute();
    expect(rows.map((r) => [r.id, r.display_name, r.character_id, r.team, r.vote_lost]).sort()).toEqual(
      folded.players.map((p) => [p.id, p.displayName, p.characterId, p.team, p.voteLost]).sort(),
    );
    const ballots = await db.selectFrom('suspect_ballots').select(['voter_player_id', 'suspect_player_ids']).where('game_id', '=', lobby.gameId).execute();
    expect(Object.fromEntries(ballots.map((b) => [b.voter_player_id, b.suspect_player_ids]))).toEqual(folded.suspectVoting.ballots);
    const finals = await db.selectFrom('final_votes').select(['voter_player_id', 'suspect_player_id']).where('game_id', '=', lobby.gameId).execute();
    expect(Object.fromEntries(finals.map((f) => [f.voter_player_id, f.suspect_player_id]))).toEqual(folded.finalVoting.votes);
    const results = await db.selectFrom('game_results').select('winning_team').where('game_id', '=', lobby.gameId).executeTakeFirst();
    expect(results?.winning_team ?? null).toBe(folded.results?.winningTeam ?? null);
    commandBus(suite.server.ctx).forget(lobby.gameId);
  }, 60_000);

  it('a phone that missed pushes catches up from its version with a patch, not the whole view', async () => {
    const lobby = await createLobby(suite.server, ADMIN, 2);
    const phone = await joinedSocket(suite.server, lobby.players[0]!.token, lobby.gameId);
    const v = roomView(phone).version;
    for (let i = 0; i < 3; i++) await api('PATCH', `/api/games/${lobby.gameId}`, { action: 'set-expected-players', expectedPlayers: 4 + i }, lobby.host.token);
    const { emitAck } = await import('./harness.js');
    const ack = await emitAck<{ kind: string; from: number; to: number }>(phone, 'game:sync', { gameId: lobby.gameId, sinceVersion: v });
    expect(ack.ok && ack.data).toMatchObject({ kind: 'delta', from: v, to: v + 3 });
    phone.close();
  });

  it('reads admin rights from the database in every check: a revoked admin loses game access and analytics at once', async () => {
    const lobby = await createLobby(suite.server, ADMIN, 1);
    const other = await api<{ token: string; user: { id: string } }>('POST', '/api/auth/signup', { displayName: 'Other', email: uniqueEmail('adm2'), password: 'Sup3r-secret!' });
    await suite.server.ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', other.body.user.id).execute();
    // The token still says "host": the database's "admin" counts.
    expect((await api('GET', `/api/games/${lobby.gameId}`, undefined, other.body.token)).status).toBe(200);
    const signedIn = await api<{ token: string }>('POST', '/api/auth/login', { email: ADMIN, password: 'Sup3r-secret!' });
    await suite.server.ctx.db.updateTable('users').set({ role: 'host' }).where('id', '=', other.body.user.id).execute();
    expect((await api('GET', `/api/games/${lobby.gameId}`, undefined, other.body.token)).status).toBe(403);
    expect((await api('GET', '/api/admin/suspect-voting-by-game-size', undefined, other.body.token)).status).toBe(403);
    expect((await api('GET', '/api/admin/suspect-voting-by-game-size', undefined, signedIn.body.token)).status).toBe(200);
  });
});
