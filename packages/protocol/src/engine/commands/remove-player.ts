import { z } from 'zod';
import { accept, defineCommand } from '../command.js';
import { Refusal, refuse } from '../refusals.js';
import { findPlayer } from '../state.js';

/** The host removes a seat before the game starts; the seat's tokens stop working. */
export const removePlayer = defineCommand({
  type: 'remove_player',
  schema: z.object({ type: z.literal('remove_player'), playerId: z.uuid() }),
  who: ['host'],
  decide({ command, state }) {
    if (state.game.status !== 'setup') return refuse(Refusal.GAME_STARTED, 'Players can only be removed before the game starts');
    const p = findPlayer(state, command.playerId);
    if (!p) return refuse(Refusal.PLAYER_NOT_FOUND, 'Player not found in game');
    if (p.isHost) return refuse(Refusal.HOST_SEAT, 'The host cannot be removed from their own game');
    return accept({ type: 'player_removed', playerId: p.id });
  },
});
