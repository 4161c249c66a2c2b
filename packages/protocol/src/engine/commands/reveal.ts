import { z } from 'zod';
import { accept, defineCommand, isDriver, unchanged } from '../command.js';
import { Refusal, refuse } from '../refusals.js';
import type { TGameState, TRevealState } from '../state.js';

/**
 * The reveal the whole room shares after the last final vote, one step at a time: the verdict is in (no names),
 * the accused, the killer (and so who won), the Shadows, the case's story. Every phone and the table screen show
 * the step of the state; the public view carries the killer only from the killer step on (views.ts).
 */
export const REVEAL_STEPS = ['verdict', 'accused', 'killer', 'shadows', 'story'] as const;
export type RevealStepKey = (typeof REVEAL_STEPS)[number];
export const REVEAL_LAST_STEP = REVEAL_STEPS.length - 1;
export const revealStepIndex = (key: RevealStepKey): number => REVEAL_STEPS.indexOf(key);

/**
 * The automatic pace for a host who does nothing: the first step 20 s after the verdict (time for the room to
 * gather round), then one step every 10 s; after a tap of the host's, 30 s (the host is there and drives).
 */
export const REVEAL_FIRST_WAIT_MS = 20_000;
export const REVEAL_PACE_MS = 10_000;
export const REVEAL_HOST_IDLE_MS = 30_000;

/**
 * When the next automatic step is due (ms), or null at the last step. Derived from the state alone (the step, when
 * it was reached and by whom), so every instance and every phone computes the same time: any of them may ask for
 * the step once it is due, and the engine accepts the first ask and answers the others "unchanged".
 */
export function nextRevealAt(reveal: TRevealState | null | undefined): number | null {
  if (!reveal || reveal.step >= REVEAL_LAST_STEP) return null;
  const wait = reveal.by === 'host' ? REVEAL_HOST_IDLE_MS : reveal.step === 0 ? REVEAL_FIRST_WAIT_MS : REVEAL_PACE_MS;
  return reveal.at + wait;
}

/** The reveal step the room is at (-1 before the game ends). */
export const revealStep = (s: TGameState): number => (s.game.status === 'completed' ? (s.reveal?.step ?? REVEAL_LAST_STEP) : -1);

/**
 * Moves the shared reveal to `toStep`. The host, the co-host (or a player who took the controls over) may move it
 * at any time and may skip ahead; anyone else at the table (a seat, or the server's timer) only by one step and
 * only once the automatic step is due. A step already reached changes nothing (taps from several phones at once).
 */
export const advanceReveal = defineCommand({
  type: 'advance_reveal',
  schema: z.object({ type: z.literal('advance_reveal'), toStep: z.number().int().min(1).max(REVEAL_LAST_STEP) }),
  who: ['seat', 'system'],
  decide({ command, state, actor, now }) {
    if (state.game.status !== 'completed') return refuse(Refusal.GAME_NOT_COMPLETED, 'The reveal starts when the last final vote is in');
    // Games completed before the shared reveal existed are at its end.
    const reveal = state.reveal ?? { step: REVEAL_LAST_STEP, at: 0, by: 'auto' as const };
    if (command.toStep <= reveal.step) return unchanged();
    if (isDriver(state, actor)) return accept({ type: 'reveal_advanced', step: command.toStep, at: now, by: 'host' });
    const due = nextRevealAt(reveal);
    if (command.toStep !== reveal.step + 1 || due === null || now < due) {
      return refuse(Refusal.REVEAL_NOT_DUE, 'The host moves the reveal on; it moves by itself if the host waits');
    }
    return accept({ type: 'reveal_advanced', step: command.toStep, at: now, by: 'auto' });
  },
});
