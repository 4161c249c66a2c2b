import { z } from 'zod';
import { accept, defineCommand, unchanged } from '../command.js';
import { Refusal, refuse } from '../refusals.js';
import { findPlayer, ZTvNames } from '../state.js';

export const setLeader = defineCommand({
  type: 'set_leader',
  schema: z.object({ type: z.literal('set_leader'), playerId: z.uuid().nullable() }),
  who: ['host'],
  decide({ command, state }) {
    if (command.playerId && !findPlayer(state, command.playerId)) return refuse(Refusal.PLAYER_NOT_FOUND, 'Player not found in game');
    if (state.game.leaderPlayerId === command.playerId) return unchanged();
    return accept({ type: 'leader_changed', playerId: command.playerId });
  },
});

export const setExpectedPlayers = defineCommand({
  type: 'set_expected_players',
  schema: z.object({ type: z.literal('set_expected_players'), expectedPlayers: z.number().int().min(1).max(20) }),
  who: ['host'],
  decide({ command, state }) {
    if (state.game.status !== 'setup') return refuse(Refusal.GAME_STARTED, 'The game has already started');
    if (command.expectedPlayers > state.game.characterLimit) {
      return refuse(Refusal.TOO_MANY_PLAYERS, `At most ${state.game.characterLimit} players for this game`);
    }
    if (state.game.expectedPlayers === command.expectedPlayers) return unchanged();
    return accept({ type: 'expected_players_set', expectedPlayers: command.expectedPlayers });
  },
});

/** What the table screen shows of names (it is reached by room code alone). */
export const setTvNames = defineCommand({
  type: 'set_tv_names',
  schema: z.object({ type: z.literal('set_tv_names'), tvNames: ZTvNames }),
  who: ['host'],
  decide({ command, state }) {
    if ((state.game.tvNames ?? 'first_names') === command.tvNames) return unchanged();
    return accept({ type: 'tv_names_set', tvNames: command.tvNames });
  },
});

export const setFeedbackMode = defineCommand({
  type: 'set_feedback_mode',
  schema: z.object({ type: z.literal('set_feedback_mode'), enabled: z.boolean() }),
  who: ['host'],
  decide({ command, state }) {
    if (state.game.status === 'completed') return refuse(Refusal.GAME_OVER, 'The game is over');
    if (state.game.feedbackMode === command.enabled) return unchanged();
    return accept({ type: 'feedback_mode_set', enabled: command.enabled });
  },
});
