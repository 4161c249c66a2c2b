import { z } from 'zod';
import { checkSuspectBallot } from '../../rules/tally.js';
import { Draft, defineCommand, unchanged } from '../command.js';
import { allEligibleVoted, closeSuspectVote } from '../effects.js';
import { phaseOpen } from '../phases.js';
import { Refusal, refuse } from '../refusals.js';
import { findPlayer } from '../state.js';

const BALLOT_MESSAGES = {
  count: 'You must select exactly 3 suspects',
  duplicate: 'Select 3 different suspects',
  self: 'You cannot select yourself as a suspect',
  unknown_player: 'Every suspect must be a player of this game',
} as const;

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && new Set([...a, ...b]).size === a.length;

/**
 * A seat's suspect ballot: three other players, once. The same ballot again (any order) is a success that
 * changes nothing, so retries are safe; the last eligible ballot closes the vote and reveals the top 3.
 */
export const castSuspectBallot = defineCommand({
  type: 'cast_suspect_ballot',
  schema: z.object({ type: z.literal('cast_suspect_ballot'), suspects: z.array(z.uuid()).max(20) }),
  who: ['seat'],
  decide({ command, state, actor, storyline }) {
    const me = findPlayer(state, actor.playerId);
    if (!me) return refuse(Refusal.NOT_A_PLAYER, 'Player not found in game');
    const existing = state.suspectVoting.ballots[me.id];
    if (existing) {
      if (sameSet(existing, command.suspects)) return unchanged();
      return refuse(Refusal.ALREADY_VOTED, 'You have already submitted your suspect votes');
    }
    if (!phaseOpen(storyline, state.game, 'cast_suspect_ballot')) {
      return refuse(Refusal.WRONG_PHASE, 'Suspect voting is not open');
    }
    if (state.suspectVoting.topSuspects) return refuse(Refusal.VOTING_CLOSED, 'Suspect voting has closed');
    if (me.voteLost) return refuse(Refusal.VOTE_LOST, 'You have lost your vote and cannot vote for suspects');
    const problem = checkSuspectBallot(me.id, command.suspects, new Set(state.players.map((p) => p.id)));
    if (problem) return refuse(problem === 'self' ? Refusal.SELF_TARGET : Refusal.BAD_BALLOT, BALLOT_MESSAGES[problem]);
    const d = new Draft(state).emit({ type: 'suspect_ballot_cast', voterId: me.id, suspects: [...command.suspects] });
    if (allEligibleVoted(d.state, d.state.suspectVoting.voterIds)) closeSuspectVote(d);
    return d.done();
  },
});
