import { z } from 'zod';
import { Draft, defineCommand, type Decision } from '../command.js';
import { enterPhase } from '../effects.js';
import { MAX_PHASE_NUMBER, phasesOf } from '../phases.js';
import { Refusal, refuse } from '../refusals.js';
import type { EngineStoryline, TGameState } from '../state.js';

// Any table's numbers parse; whether this game's table has the phase is decided against the storyline.
const ZPhase = z.number().int().min(0).max(MAX_PHASE_NUMBER);

/**
 * Moves the game to another phase. `fromPhase` is the phase the host's screen showed: when the game is no
 * longer there (another tab moved it, or this is a repeat of a request that already worked), nothing changes,
 * so ten quick taps move the game one phase, not ten.
 */
function movePhase(state: TGameState, fromPhase: number | undefined, to: number, storyline: EngineStoryline, now: number): Decision {
  if (state.game.status !== 'in_progress') return refuse(Refusal.GAME_NOT_IN_PROGRESS, 'The game is not in progress');
  const from = state.game.currentPhase;
  if (fromPhase !== undefined && fromPhase !== from) {
    return refuse(Refusal.PHASE_STALE, 'The game has already moved on: your screen will catch up in a moment');
  }
  const table = phasesOf(storyline);
  if (to > table.last) return refuse(Refusal.PHASE_OUT_OF_RANGE, 'The game is already at the final vote');
  if (to < table.first) return refuse(Refusal.PHASE_OUT_OF_RANGE, 'The game is already at its first phase');
  const d = new Draft(state);
  if (to === from) return d.done();
  if (to < from) {
    if (from >= table.finalVote && state.finalVoting.voterIds.length > 0) return refuse(Refusal.VOTES_CAST, 'Final votes have been cast; the phase cannot go back');
    if (from >= table.suspectVote && state.suspectVoting.voterIds.length > 0) return refuse(Refusal.VOTES_CAST, 'Suspect votes have been cast; the phase cannot go back');
  }
  enterPhase(d, to, storyline, now);
  return d.done();
}

export const advancePhase = defineCommand({
  type: 'advance_phase',
  schema: z.object({ type: z.literal('advance_phase'), fromPhase: ZPhase }),
  who: ['driver'],
  decide: ({ command, state, storyline, now }) => movePhase(state, command.fromPhase, state.game.currentPhase + 1, storyline, now),
});

export const backPhase = defineCommand({
  type: 'back_phase',
  schema: z.object({ type: z.literal('back_phase'), fromPhase: ZPhase }),
  who: ['driver'],
  decide: ({ command, state, storyline, now }) => movePhase(state, command.fromPhase, state.game.currentPhase - 1, storyline, now),
});

/** A jump to a named phase; with `fromPhase` it is refused when the game is no longer where the host saw it. */
export const setPhase = defineCommand({
  type: 'set_phase',
  schema: z.object({ type: z.literal('set_phase'), phase: ZPhase, fromPhase: ZPhase.optional() }),
  who: ['driver'],
  decide: ({ command, state, storyline, now }) => movePhase(state, command.fromPhase, command.phase, storyline, now),
});
