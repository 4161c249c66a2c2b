import { z } from 'zod';
import { Draft, defineCommand } from '../command.js';
import { allEligibleVoted, completeGame } from '../effects.js';
import { phaseOpen } from '../phases.js';
import { Refusal, refuse } from '../refusals.js';
import { findPlayer } from '../state.js';

/** A seat's final accusation: once, never changed; the last eligible vote ends the game. */
export const castFinalVote = defineCommand({
  type: 'cast_final_vote',
  schema: z.object({ type: z.literal('cast_final_vote'), suspectId: z.uuid() }),
  who: ['seat'],
  decide({ command, state, actor, storyline, now }) {
    const me = findPlayer(state, actor.playerId);
    if (!me) return refuse(Refusal.NOT_A_PLAYER, 'Player not found in game');
    if (state.finalVoting.votes[me.id]) return refuse(Refusal.ALREADY_VOTED, 'You have already cast your final vote; it cannot be changed');
    if (state.game.status === 'completed') return refuse(Refusal.GAME_OVER, 'The game is over');
    if (!phaseOpen(storyline, state.game, 'cast_final_vote')) {
      return refuse(Refusal.WRONG_PHASE, 'The final vote is not open');
    }
    if (me.voteLost) return refuse(Refusal.VOTE_LOST, 'You have lost your vote and cannot take part in the final vote');
    if (command.suspectId === me.id) return refuse(Refusal.SELF_TARGET, 'You cannot accuse yourself');
    if (!findPlayer(state, command.suspectId)) return refuse(Refusal.BAD_BALLOT, 'The accused must be a player of this game');
    const d = new Draft(state).emit({ type: 'final_vote_cast', voterId: me.id, suspectId: command.suspectId });
    if (allEligibleVoted(d.state, d.state.finalVoting.voterIds)) completeGame(d, storyline, now);
    return d.done();
  },
});
