import { z } from 'zod';
import { accept, defineCommand, unchanged } from '../command.js';
import { phaseDef, phasesOf } from '../phases.js';
import { Refusal, refuse } from '../refusals.js';

/**
 * The host (co-host, acting host) pushes one of the storyline's hint cards to every phone. Hints are for a table
 * that is stuck while it plays: from a day phase through the final vote, and from the hint's own first day (its
 * evidence must be on the table). Pushing a hint that is already out is a no-op success, so a double tap or a
 * retried request adds no second card.
 */
export const pushHint = defineCommand({
  type: 'push_hint',
  schema: z.object({ type: z.literal('push_hint'), hintId: z.string().min(1).max(64) }),
  who: ['driver'],
  decide({ command, state, actor, storyline, now }) {
    if (state.game.status !== 'in_progress') return refuse(Refusal.GAME_NOT_IN_PROGRESS, 'Hints are pushed while the game is played');
    const hint = storyline.content.hostKit?.hints.find((h) => h.id === command.hintId);
    if (!hint) return refuse(Refusal.HINT_NOT_FOUND, 'This storyline has no such hint');
    const phase = state.game.currentPhase;
    const def = phaseDef(phasesOf(storyline), phase);
    if (!def || def.kind === 'homepage') return refuse(Refusal.WRONG_PHASE, 'Hints open with the first day');
    if (def.kind === 'day' && (def.day ?? 0) < hint.fromDay) return refuse(Refusal.WRONG_PHASE, `This hint opens on day ${hint.fromDay}`);
    if ((state.hints ?? []).some((h) => h.hintId === hint.id)) return unchanged();
    return accept({ type: 'hint_pushed', hint: { hintId: hint.id, at: now, phase, byPlayerId: actor.playerId } });
  },
});
