import { describe, expect, it } from 'vitest';
import type { Actor } from '../command.js';
import { publicView, seatView, dailyVotesView } from '../views.js';
import { Refusal } from '../refusals.js';
import { HOST_SEAT, KitGame, hostActor, kitGameCreated, kitStoryline, seatActor, uuid } from '../test-kit.js';
import { replay } from '../evolve.js';

const testingGame = () => {
  const g = new KitGame(kitStoryline(), kitGameCreated({ testing: true }));
  g.seatAndStart(4);
  return g;
};
const A = uuid(2);
const B = uuid(3);
const code = (d: { ok: boolean; code?: string }) => (d.ok ? null : d.code);
const vote = (voterId: string, day: number, suspectCharacterId: string) => ({ type: 'cast_daily_vote' as const, voterId, day, suspectCharacterId });

describe('cast_daily_vote', () => {
  it('records a seat vote as an event, folds it into the state and replaces it on a second vote for the day', () => {
    const g = testingGame();
    g.run({ type: 'advance_phase', fromPhase: 0 }, hostActor);
    const first = g.run(vote(A, 1, 'c2'), seatActor(A));
    expect(first.ok && first.events.map((e) => e.type)).toEqual(['daily_vote_cast']);
    expect(g.state.dailyVotes).toEqual([expect.objectContaining({ voterId: A, day: 1, suspectCharacterId: 'c2', suspectPlayerId: uuid(3) })]);
    expect(g.run(vote(A, 1, 'c2'), seatActor(A))).toEqual({ ok: true, events: [] }); // the same vote again: nothing new
    g.run(vote(A, 1, 'c3'), seatActor(A));
    g.run(vote(HOST_SEAT, 1, 'c2'), hostActor);
    expect(g.state.dailyVotes?.map((v) => [v.voterId, v.suspectCharacterId])).toEqual([
      [A, 'c3'],
      [HOST_SEAT, 'c2'],
    ]);
    // The log folds to the same state.
    expect(replay(g.log).dailyVotes).toEqual(g.state.dailyVotes);
  });

  it('refuses outside testing mode, for another seat, before the start, outside the days, unknown or own character', () => {
    const plain = new KitGame();
    plain.seatAndStart(4);
    plain.run({ type: 'advance_phase', fromPhase: 0 }, hostActor);
    expect(code(plain.run(vote(A, 1, 'c2'), seatActor(A)))).toBe(Refusal.NOT_TESTING_MODE);

    const setup = new KitGame(kitStoryline(), kitGameCreated({ testing: true }));
    setup.run({ type: 'join', playerId: A, displayName: 'Ann' }, { role: 'guest', playerId: null });
    expect(code(setup.run(vote(A, 1, 'c2'), seatActor(A)))).toBe(Refusal.GAME_NOT_IN_PROGRESS);

    const g = testingGame();
    expect(code(g.run(vote(A, 1, 'c2'), seatActor(A)))).toBe(Refusal.WRONG_PHASE); // day 1 not begun
    g.run({ type: 'advance_phase', fromPhase: 0 }, hostActor);
    expect(code(g.run(vote(A, 1, 'c2'), seatActor(B)))).toBe(Refusal.NOT_OWN_SEAT);
    expect(code(g.run(vote(A, 5, 'c2'), seatActor(A)))).toBe(Refusal.DAY_OUT_OF_RANGE);
    expect(code(g.run(vote(A, 2, 'c2'), seatActor(A)))).toBe(Refusal.WRONG_PHASE);
    expect(code(g.run(vote(A, 1, 'c9'), seatActor(A)))).toBe(Refusal.BAD_BALLOT);
    expect(code(g.run(vote(A, 1, 'c1'), seatActor(A)))).toBe(Refusal.SELF_TARGET);
    expect(code(g.run(vote(A, 1, 'c2'), { role: 'admin', playerId: null }))).toBe(Refusal.NOT_A_PLAYER);
    expect(g.state.dailyVotes ?? []).toEqual([]);
  });

  it('keeps who suspected whom out of the public and seat views; a seat reads its own, the host and admins the day', () => {
    const g = testingGame();
    g.run({ type: 'advance_phase', fromPhase: 0 }, hostActor);
    const before = { pub: publicView(g.state, g.storyline), seat: seatView(g.state, A, g.storyline) };
    g.run(vote(A, 1, 'c2'), seatActor(A));
    g.run(vote(B, 1, 'c1'), seatActor(B));
    expect(publicView(g.state, g.storyline)).toEqual({ ...before.pub, version: g.state.version });
    expect(seatView(g.state, A, g.storyline)).toEqual(before.seat);

    const read = (reader: Actor, q: { rawDay: unknown; voterId?: string }) => dailyVotesView(g.state, g.storyline, reader, q);
    const own = read(seatActor(A), { rawDay: '1', voterId: A });
    expect(own.ok && own.votes).toEqual([expect.objectContaining({ gamePlayerId: A, day: 1, suspectCharacterId: 'c2', suspectGpId: B })]);
    expect(code(read(seatActor(B), { rawDay: '1', voterId: A }))).toBe(Refusal.NOT_OWN_SEAT);
    expect(code(read(seatActor(B), { rawDay: '1' }))).toBe(Refusal.NOT_HOST);
    const host = read(hostActor, { rawDay: '1' });
    expect(host.ok && host.votes.map((v) => v.gamePlayerId)).toEqual([A, B]);
    const admin = read({ role: 'admin', playerId: null }, { rawDay: 1 });
    expect(admin.ok && admin.votes).toHaveLength(2);
    expect(code(read(hostActor, { rawDay: '7' }))).toBe(Refusal.DAY_OUT_OF_RANGE);
    const empty = read(hostActor, { rawDay: '2' });
    expect(empty.ok && empty.votes).toEqual([]);
  });
});
