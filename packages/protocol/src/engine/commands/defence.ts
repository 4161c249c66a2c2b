import { z } from 'zod';
import { accept, defineCommand, unchanged } from '../command.js';
import { phaseOpen } from '../phases.js';
import { Refusal, refuse } from '../refusals.js';

/** How long a top suspect speaks in their defence; the deadline is in the state so every phone counts down to it. */
export const DEFENCE_MS = 2 * 60 * 1000;

export const startDefence = defineCommand({
  type: 'start_defence',
  schema: z.object({ type: z.literal('start_defence'), suspectPlayerId: z.uuid() }),
  who: ['driver'],
  decide({ command, state, storyline, now }) {
    if (!phaseOpen(storyline, state.game, 'start_defence')) {
      return refuse(Refusal.WRONG_PHASE, 'Defences take place in the final vote phase');
    }
    if (!state.suspectVoting.topSuspects?.some((s) => s.playerId === command.suspectPlayerId)) {
      return refuse(Refusal.NOT_TOP_SUSPECT, 'Only a top suspect gives a defence');
    }
    return accept({
      type: 'defence_started',
      defence: { suspectPlayerId: command.suspectPlayerId, startedAt: now, durationMs: DEFENCE_MS, endsAt: now + DEFENCE_MS },
    });
  },
});

/** The server's timer ends the defence it started (a later defence is left alone). */
export const endDefence = defineCommand({
  type: 'end_defence',
  schema: z.object({ type: z.literal('end_defence'), endsAt: z.number().int() }),
  who: ['system'],
  decide({ command, state }) {
    if (state.defence?.endsAt !== command.endsAt) return unchanged();
    return accept({ type: 'defence_ended', endsAt: command.endsAt });
  },
});

/** The host or co-host ends the running defence early (the suspect has finished). */
export const stopDefence = defineCommand({
  type: 'stop_defence',
  schema: z.object({ type: z.literal('stop_defence') }),
  who: ['driver'],
  decide({ state }) {
    if (!state.defence) return unchanged();
    return accept({ type: 'defence_ended', endsAt: state.defence.endsAt });
  },
});
