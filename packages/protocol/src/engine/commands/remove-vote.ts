import { z } from 'zod';
import { Draft, defineCommand } from '../command.js';
import { allEligibleVoted, closeSuspectVote } from '../effects.js';
import { phaseAllows, phasesOf } from '../phases.js';
import { Refusal, refuse } from '../refusals.js';
import { findPlayer } from '../state.js';
import { isDetectiveSeat } from '../cast-view.js';

/**
 * The detective takes a player's vote away (days 1-4 and the suspect vote). A ballot the player already cast
 * stays counted (it was valid when cast); if they were the last one the suspect vote waited for, it closes now.
 */
export const removeVote = defineCommand({
  type: 'remove_vote',
  schema: z.object({ type: z.literal('remove_vote'), playerId: z.uuid() }),
  who: ['seat'],
  decide({ command, state, actor, storyline }) {
    const me = findPlayer(state, actor.playerId);
    if (!me || !isDetectiveSeat(state, storyline, me.id)) return refuse(Refusal.NOT_DETECTIVE, "Only the detective can remove a player's vote");
    if (state.game.status !== 'in_progress' || !phaseAllows(phasesOf(storyline), state.game.currentPhase, 'remove_vote')) {
      return refuse(Refusal.WRONG_PHASE, 'Votes can only be removed during the investigation days and the suspect vote');
    }
    if (command.playerId === me.id) return refuse(Refusal.SELF_TARGET, 'The detective cannot remove their own vote');
    const target = findPlayer(state, command.playerId);
    if (!target) return refuse(Refusal.PLAYER_NOT_FOUND, 'Player not found in game');
    if (target.voteLost) return refuse(Refusal.VOTE_ALREADY_REMOVED, 'This player has already lost their vote');
    const d = new Draft(state).emit({ type: 'vote_removed', playerId: target.id });
    if (phaseAllows(phasesOf(storyline), state.game.currentPhase, 'cast_suspect_ballot') && allEligibleVoted(d.state, d.state.suspectVoting.voterIds)) {
      closeSuspectVote(d);
    }
    return d.done();
  },
});
