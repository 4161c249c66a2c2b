import { describe, expect, it } from 'vitest';
import { Refusal } from '../refusals.js';
import { HOST_SEAT, KitGame, hostActor, seatActor, system, uuid } from '../test-kit.js';
import { replay } from '../evolve.js';
import { publicView } from '../views.js';

const refused = (d: { ok: boolean; code?: string }) => (d.ok ? null : d.code);
const push = (hintId: string) => ({ type: 'push_hint', hintId }) as const;

/** A started game of five seats (host + uuid(2..5)), at `phase`. */
function started(phase = 1) {
  const g = new KitGame();
  g.seatAndStart(4);
  if (phase > 0) g.run({ type: 'set_phase', phase }, hostActor);
  return g;
}

describe('push_hint', () => {
  it('the host pushes a hint: the event carries time, phase and seat; the state lists it; the public view shows the card', () => {
    const g = started(2);
    const d = g.run(push('h-key'), hostActor);
    expect(d.ok && d.events).toEqual([{ type: 'hint_pushed', hint: { hintId: 'h-key', at: g.now, phase: 2, byPlayerId: HOST_SEAT } }]);
    expect(g.state.hints).toEqual([{ hintId: 'h-key', at: g.now, phase: 2, byPlayerId: HOST_SEAT }]);
    const view = publicView(g.state, g.storyline);
    expect(view.hints).toEqual([{ hintId: 'h-key', title: 'Who had the key?', text: 'Compare the key ledger with the map.', at: g.now, phase: 2, phaseKey: 'day-2' }]);
    // The log folds to the same state (durable and replayable).
    expect(replay(g.log)).toEqual(g.state);
  });

  it('pushing the same hint again changes nothing (no second card)', () => {
    const g = started(1);
    g.run(push('h-key'), hostActor);
    const version = g.state.version;
    const again = g.run(push('h-key'), hostActor);
    expect(again.ok && again.events).toEqual([]);
    expect(g.state.version).toBe(version);
    expect(publicView(g.state, g.storyline).hints).toHaveLength(1);
  });

  it('only the host, the co-host or the acting host may push; a player, the system and an unknown hint are refused', () => {
    const g = started(1);
    expect(refused(g.run(push('h-key'), seatActor(uuid(3))))).toBe(Refusal.NOT_HOST);
    expect(refused(g.run(push('h-key'), system))).toBe(Refusal.NOT_HOST);
    expect(refused(g.run(push('nope'), hostActor))).toBe(Refusal.HINT_NOT_FOUND);
    expect(g.state.hints ?? []).toEqual([]);
    g.run({ type: 'set_co_host', playerId: uuid(3) }, hostActor);
    expect(g.run(push('h-key'), seatActor(uuid(3))).ok).toBe(true);
    expect(g.state.hints?.[0]?.byPlayerId).toBe(uuid(3));
  });

  it('the acting host (who took over while the host was away) may push', () => {
    const g = started(1);
    g.run({ type: 'set_leader', playerId: uuid(4) }, hostActor);
    g.run({ type: 'note_host_presence', online: false }, system);
    g.now += 61_000;
    expect(g.run({ type: 'take_over_host' }, seatActor(uuid(4))).ok).toBe(true);
    expect(g.run(push('h-key'), seatActor(uuid(4))).ok).toBe(true);
  });

  it('only in play phases: refused in setup, on the homepage, before the hint\'s first day and after the game', () => {
    const lobby = new KitGame();
    expect(refused(lobby.run(push('h-key'), hostActor))).toBe(Refusal.GAME_NOT_IN_PROGRESS);
    const g = started(0);
    expect(refused(g.run(push('h-key'), hostActor))).toBe(Refusal.WRONG_PHASE);
    g.run({ type: 'set_phase', phase: 2 }, hostActor);
    expect(refused(g.run(push('h-late'), hostActor))).toBe(Refusal.WRONG_PHASE);
    g.run({ type: 'set_phase', phase: 3 }, hostActor);
    expect(g.run(push('h-late'), hostActor).ok).toBe(true);
    // The votes are play phases too.
    g.run({ type: 'set_phase', phase: 5 }, hostActor);
    expect(g.run(push('h-key'), hostActor).ok).toBe(true);
    expect(publicView(g.state, g.storyline).hints?.map((h) => h.phaseKey)).toEqual(['day-3', 'suspect-vote']);
    g.run({ type: 'delete_game' }, hostActor);
    expect(refused(g.run(push('h-key'), hostActor))).toBe(Refusal.GAME_DELETED);
  });

  it('the public view says when the current phase began (the host notes count the minutes from it)', () => {
    const g = started(0);
    expect(publicView(g.state, g.storyline).phaseStartedAt).toBe(g.now);
    g.run({ type: 'advance_phase', fromPhase: 0 }, hostActor);
    expect(publicView(g.state, g.storyline).phaseStartedAt).toBe(g.now);
    expect(replay(g.log).game.phaseStartedAt).toBe(g.now);
  });
});
