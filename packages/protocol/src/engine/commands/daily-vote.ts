import { z } from 'zod';
import { accept, defineCommand, unchanged } from '../command.js';
import { dayRangeMessage, isDayUnlocked, parseDay, phasesOf } from '../phases.js';
import { Refusal, refuse } from '../refusals.js';
import { findPlayer } from '../state.js';

/**
 * A seat's daily suspect-tracker vote (testing mode only): at the end of a day it names the character it
 * suspects most. One per seat and day, for a day that has begun; a new vote for the same day replaces the old,
 * and the same vote again changes nothing (a retry is safe). It is a record for the testers, not a game vote: a
 * seat that lost its vote may still record whom it suspects.
 */
export const castDailyVote = defineCommand({
  type: 'cast_daily_vote',
  schema: z.object({
    type: z.literal('cast_daily_vote'),
    /** The seat the vote is for: it must be the sender's own. */
    voterId: z.uuid(),
    day: z.number().int(),
    suspectCharacterId: z.string().min(1).max(100),
  }),
  who: ['seat'],
  decide({ command, state, actor, storyline, now }) {
    if (!state.game.isTestingMode) return refuse(Refusal.NOT_TESTING_MODE, 'The daily suspicion tracker is only available in testing mode');
    const me = findPlayer(state, actor.playerId);
    if (!me || me.id !== command.voterId) return refuse(Refusal.NOT_OWN_SEAT, 'You can only record your own daily vote');
    if (state.game.status === 'setup') return refuse(Refusal.GAME_NOT_IN_PROGRESS, 'The game has not started yet');
    const table = phasesOf(storyline);
    const day = parseDay(table, command.day);
    if (day === null) return refuse(Refusal.DAY_OUT_OF_RANGE, dayRangeMessage(table));
    if (!isDayUnlocked(table, state.game.currentPhase, day)) return refuse(Refusal.WRONG_PHASE, `Day ${day} has not started yet`);
    const suspect = state.players.find((p) => p.characterId === command.suspectCharacterId);
    if (!suspect) return refuse(Refusal.BAD_BALLOT, 'That character is not in play in this game');
    if (suspect.id === me.id) return refuse(Refusal.SELF_TARGET, 'You cannot suspect yourself');
    const current = state.dailyVotes?.find((v) => v.voterId === me.id && v.day === day);
    if (current && current.suspectCharacterId === command.suspectCharacterId && current.suspectPlayerId === suspect.id) return unchanged();
    return accept({
      type: 'daily_vote_cast',
      vote: { voterId: me.id, day, suspectCharacterId: command.suspectCharacterId, suspectPlayerId: suspect.id, at: new Date(now).toISOString() },
    });
  },
});
