import { describe, expect, it } from 'vitest';
import { caseFile, type LoggedEvent } from './case-file.js';
import { Refusal } from './refusals.js';
import { evolve } from './evolve.js';
import { KitGame, hostActor, kitGameCreated, kitStoryline, seatActor, uuid } from './test-kit.js';

const logged = (g: KitGame): LoggedEvent[] => g.log.map((x, i) => ({ ...x, at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString() }));

function finished() {
  const g = new KitGame(kitStoryline(), kitGameCreated({ testing: true }));
  g.seatAndStart(5);
  g.run({ type: 'set_phase', phase: 2 }, hostActor);
  g.run({ type: 'push_hint', hintId: 'h-key' }, hostActor);
  expect(g.run({ type: 'cast_daily_vote', voterId: uuid(2), day: 2, suspectCharacterId: 'c0' }, seatActor(uuid(2))).ok).toBe(true);
  // A vote of a seat that is not in the game (a removed seat) stays out of the file.
  const stranger = { type: 'daily_vote_cast' as const, vote: { voterId: uuid(999), day: 2, suspectCharacterId: 'c1', suspectPlayerId: null, at: new Date().toISOString() } };
  g.state = evolve(g.state, stranger);
  g.log.push({ seq: g.state.version, event: stranger });
  g.run({ type: 'set_phase', phase: 5 }, hostActor);
  const seats = g.state.players.map((p) => p.id);
  for (const voter of seats) {
    const others = seats.filter((x) => x !== voter).slice(0, 3);
    g.run({ type: 'cast_suspect_ballot', suspects: others }, seatActor(voter));
  }
  if (g.state.game.currentPhase !== 6) g.run({ type: 'set_phase', phase: 6 }, hostActor);
  const top = new Set((g.state.suspectVoting.topSuspects ?? []).map((t) => t.playerId));
  const killer = g.state.players.find((p) => p.characterId === 'c0')!.id;
  for (const p of g.state.players.filter((x) => !x.voteLost)) {
    g.run({ type: 'cast_final_vote', suspectId: p.id === killer ? [...top].find((t) => t !== killer)! : killer }, seatActor(p.id));
  }
  return g;
}

describe('case-file replay', () => {
  it('is refused until the game is completed', () => {
    const g = new KitGame();
    g.seatAndStart(5);
    const r = caseFile(logged(g), g.storyline);
    expect(r.ok ? null : r.code).toBe(Refusal.GAME_NOT_COMPLETED);
  });

  it('shows every team, the four days, the trackers and how both votes moved ballot by ballot', () => {
    const g = finished();
    expect(g.state.game.status).toBe('completed');
    const killerSeat = g.state.players.find((p) => p.characterId === 'c0')!.id;
    const r = caseFile(logged(g), g.storyline);
    if (!r.ok) throw new Error(r.message);
    const f = r.file;
    expect(f.days.map((d) => d.day)).toEqual([1, 2, 3, 4]);
    expect(f.players.find((p) => p.isKiller)?.id).toBe(killerSeat);
    expect(f.players.every((p) => p.team !== null)).toBe(true);
    // Only seats of this game appear in the tracker; the suspect is named by the seat that held the character.
    expect(f.days[1]!.accusations).toEqual([{ playerId: uuid(2), suspectPlayerId: killerSeat, suspectCharacterName: 'Character 0' }]);
    expect(f.suspectVote).toHaveLength(6);
    expect(Object.values(f.suspectVote.at(-1)!.tally).reduce((a, b) => a + b, 0)).toBe(18);
    expect(f.finalVote.length).toBeGreaterThan(0);
    expect(f.finalVote.at(-1)!.tally[killerSeat]).toBe(f.finalVote.filter((s) => s.suspectIds[0] === killerSeat).length);
    expect(f.verdict).toEqual(g.state.results);
  });

  it('shows each hint card at the phase it was pushed in', () => {
    const g = finished();
    const r = caseFile(logged(g), g.storyline);
    if (!r.ok) throw new Error(r.message);
    const at = new Date(g.state.hints![0]!.at).toISOString();
    expect(r.file.hints).toEqual([{ hintId: 'h-key', title: 'Who had the key?', text: 'Compare the key ledger with the map.', at, phaseKey: 'day-2' }]);
  });
});
