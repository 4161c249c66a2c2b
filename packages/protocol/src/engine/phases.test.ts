import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Actor, Decision } from './command.js';
import type { TGameCommand } from './commands/index.js';
import {
  MAX_DAYS,
  MAX_PHASE_NUMBER,
  MIN_DAYS,
  currentPhaseDef,
  isDayUnlocked,
  parseDay,
  phaseAllows,
  phaseRef,
  phaseRoute,
  phaseTable,
  type PhaseCommand,
} from './phases.js';
import { Refusal } from './refusals.js';
import { KitGame, hostActor, kitStoryline, seatActor } from './test-kit.js';

const DAY_COUNTS = Array.from({ length: MAX_DAYS - MIN_DAYS + 1 }, (_, i) => MIN_DAYS + i);
const refusal = (d: Decision) => (d.ok ? null : d.code);

describe('the phase table derived from the storyline', () => {
  it.each(DAY_COUNTS)('for %i days: homepage, the days, the suspect vote, the final vote, then the outcome', (n) => {
    const t = phaseTable(n);
    expect(t.phases.map((p) => p.number)).toEqual(Array.from({ length: n + 3 }, (_, i) => i));
    expect(t.phases.map((p) => p.kind)).toEqual(['homepage', ...Array<string>(n).fill('day'), 'suspect-vote', 'final-vote']);
    expect(t.phases.filter((p) => p.kind === 'day').map((p) => p.day)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(t.phases.map((p) => p.number === p.day || p.day === null)).not.toContain(false);
    expect(new Set(t.phases.map((p) => p.key)).size).toBe(n + 3);
    expect(new Set(t.phases.map((p) => p.route)).size).toBe(n + 3);
    expect([t.first, t.suspectVote, t.finalVote, t.last, t.outcome.number]).toEqual([0, n + 1, n + 2, n + 2, n + 3]);
    expect(t.outcome).toMatchObject({ kind: 'outcome', key: 'outcome', route: 'outcome', commands: [] });
    expect(phaseTable(n)).toBe(t);
  });

  it('keeps the numbers, names and commands of the four-day game', () => {
    const t = phaseTable(4);
    expect(t.phases.map((p) => [p.number, p.name, p.commands, p.onEnter])).toEqual([
      [0, 'Character Homepage', [], []],
      [1, 'Day 1', ['remove_vote'], []],
      [2, 'Day 2', ['remove_vote'], []],
      [3, 'Day 3', ['remove_vote'], []],
      [4, 'Day 4', ['remove_vote'], []],
      [5, 'Suspect Vote', ['remove_vote', 'cast_suspect_ballot'], []],
      [6, 'Final Vote', ['cast_final_vote', 'start_defence', 'end_defence'], ['close_suspect_vote', 'complete_if_nobody_can_vote']],
    ]);
    expect(MAX_PHASE_NUMBER).toBe(phaseTable(MAX_DAYS).last);
  });

  it('has no table outside 2 to 6 days', () => {
    for (const n of [0, 1, 7, 2.5, Number.NaN]) expect(() => phaseTable(n)).toThrow(RangeError);
  });

  it('routes every phase under /play/{gameId}/, one day route for every day, and anything else to the outcome', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DAY_COUNTS), fc.integer({ min: -3, max: 12 }), (n, phase) => {
        const t = phaseTable(n);
        const route = phaseRoute(t, 'g', phase);
        if (phase >= 1 && phase <= n) expect(route).toBe(`/play/g/day/${phase}`);
        else if (phase < 0 || phase > t.last) expect(route).toBe('/play/g/outcome');
        else expect(route).toBe(`/play/g/${t.phases[phase]!.route}`);
      }),
    );
  });

  it('reads a completed game as the outcome, whatever its number', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DAY_COUNTS), fc.integer({ min: 0, max: 8 }), (n, phase) => {
        const t = phaseTable(n);
        expect(phaseRef(t, phase, 'completed')).toEqual({ key: 'outcome', kind: 'outcome', day: null });
        expect(currentPhaseDef(t, phase, 'in_progress')).toBe(t.phases[phase] ?? t.outcome);
      }),
    );
  });

  it('opens day d from phase d on, and only the storyline’s days', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DAY_COUNTS), fc.integer({ min: 0, max: 9 }), fc.integer({ min: -1, max: 8 }), (n, phase, day) => {
        const t = phaseTable(n);
        expect(isDayUnlocked(t, phase, day)).toBe(day >= 1 && day <= n && phase >= day);
        expect(parseDay(t, String(day))).toBe(day >= 1 && day <= n ? day : null);
      }),
    );
    expect(parseDay(phaseTable(4), 'two')).toBeNull();
    expect(parseDay(phaseTable(4), 1.5)).toBeNull();
  });
});

/** A move the host may try: advance, back, or a jump, each from the phase the screen shows or a stale one. */
const ZMOVE = fc.record({
  kind: fc.constantFrom('advance', 'back', 'set'),
  stale: fc.boolean(),
  target: fc.integer({ min: 0, max: MAX_PHASE_NUMBER }),
});
/** A phase-bound command the game may be asked to run. */
const PHASE_BOUND: PhaseCommand[] = ['remove_vote', 'cast_suspect_ballot', 'cast_final_vote', 'start_defence'];

function phaseBound(g: KitGame, which: PhaseCommand): { command: TGameCommand; actor: Actor } {
  const [detective, a, b, c] = [g.state.players[1]!, g.state.players[2]!, g.state.players[3]!, g.state.players[4]!];
  switch (which) {
    case 'remove_vote':
      return { command: { type: 'remove_vote', playerId: c.id }, actor: seatActor(detective.id) };
    case 'cast_suspect_ballot':
      return { command: { type: 'cast_suspect_ballot', suspects: [b.id, c.id, detective.id] }, actor: seatActor(a.id) };
    case 'cast_final_vote':
      return { command: { type: 'cast_final_vote', suspectId: b.id }, actor: seatActor(a.id) };
    default:
      return { command: { type: 'start_defence', suspectPlayerId: b.id }, actor: hostActor };
  }
}

describe('moving through a derived table (engine)', () => {
  it('enters and leaves each phase only as the table says, for 2 to 6 days', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DAY_COUNTS), fc.array(ZMOVE, { minLength: 1, maxLength: 40 }), (n, moves) => {
        const t = phaseTable(n);
        const g = new KitGame(kitStoryline(12, n));
        expect(g.seatAndStart(6).ok).toBe(true);
        for (const m of moves) {
          const from = g.state.game.currentPhase;
          const shown = m.stale ? (from + 1) % (t.last + 1) : from;
          const command: TGameCommand =
            m.kind === 'advance'
              ? { type: 'advance_phase', fromPhase: shown }
              : m.kind === 'back'
                ? { type: 'back_phase', fromPhase: shown }
                : { type: 'set_phase', phase: m.target, fromPhase: shown };
          const to = m.kind === 'advance' ? from + 1 : m.kind === 'back' ? from - 1 : m.target;
          const d = g.run(command, hostActor);
          if (m.stale) expect(refusal(d)).toBe(Refusal.PHASE_STALE);
          else if (to < t.first || to > t.last) expect(refusal(d)).toBe(Refusal.PHASE_OUT_OF_RANGE);
          else if (d.ok) expect(g.state.game.currentPhase).toBe(to);
          // Going back is refused only over votes cast (none here), so every in-range move from the shown phase works.
          else expect.unreachable(`${command.type} ${from} -> ${to} refused: ${refusal(d)}`);
          expect(g.state.game.currentPhase).toBeGreaterThanOrEqual(t.first);
          expect(g.state.game.currentPhase).toBeLessThanOrEqual(t.last);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('reaches every phase by advancing from the homepage, and leaves it by back and advance', () => {
    for (const n of DAY_COUNTS) {
      const t = phaseTable(n);
      const g = new KitGame(kitStoryline(12, n));
      g.seatAndStart(6);
      const seen = [g.state.game.currentPhase];
      while (g.run({ type: 'advance_phase', fromPhase: g.state.game.currentPhase }, hostActor).ok) seen.push(g.state.game.currentPhase);
      expect(seen).toEqual(t.phases.map((p) => p.number));
      expect(refusal(g.run({ type: 'advance_phase', fromPhase: t.last }, hostActor))).toBe(Refusal.PHASE_OUT_OF_RANGE);
      while (g.run({ type: 'back_phase', fromPhase: g.state.game.currentPhase }, hostActor).ok) seen.push(g.state.game.currentPhase);
      expect(g.state.game.currentPhase).toBe(t.first);
      expect(refusal(g.run({ type: 'back_phase', fromPhase: t.first }, hostActor))).toBe(Refusal.PHASE_OUT_OF_RANGE);
    }
  });

  it('runs a phase-bound command only in the phases whose row lists it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DAY_COUNTS), fc.integer({ min: 0, max: MAX_PHASE_NUMBER }), fc.constantFrom(...PHASE_BOUND), (n, phase, which) => {
        const t = phaseTable(n);
        const g = new KitGame(kitStoryline(12, n));
        g.seatAndStart(6);
        // The suspect vote closes when the final vote opens; a defence needs top suspects, so the jump casts no votes.
        g.run({ type: 'set_phase', phase: Math.min(phase, t.last) }, hostActor);
        const { command, actor } = phaseBound(g, which);
        const d = g.run(command, actor);
        if (phaseAllows(t, g.state.game.currentPhase, which)) expect(refusal(d)).not.toBe(Refusal.WRONG_PHASE);
        else expect(refusal(d)).toBe(Refusal.WRONG_PHASE);
      }),
      { numRuns: 200 },
    );
  });
});
