import { z } from 'zod';
import { accept, defineCommand, unchanged } from '../command.js';
import { Refusal, refuse } from '../refusals.js';
import { findPlayer } from '../state.js';

export const unassignCharacter = defineCommand({
  type: 'unassign_character',
  schema: z.object({ type: z.literal('unassign_character'), playerId: z.uuid() }),
  who: ['host'],
  decide({ command, state }) {
    if (state.game.status !== 'setup') return refuse(Refusal.GAME_STARTED, 'Characters can only be changed before the game starts');
    const p = findPlayer(state, command.playerId);
    if (!p) return refuse(Refusal.PLAYER_NOT_FOUND, 'Player not found in game');
    if (!p.characterId) return unchanged();
    return accept({ type: 'character_unassigned', playerId: p.id });
  },
});
