import { z } from 'zod';
import { castPool } from '../../cast.js';
import { accept, defineCommand, unchanged } from '../command.js';
import { Refusal, refuse } from '../refusals.js';
import { findPlayer } from '../state.js';

/**
 * The host gives a seat a character of the game's pool: every character the storyline's cast table deals at some
 * count up to the tier's `characterLimit` (without a cast table, the first `characterLimit` of the cast order).
 */
export const assignCharacter = defineCommand({
  type: 'assign_character',
  schema: z.object({ type: z.literal('assign_character'), playerId: z.uuid(), characterId: z.string().min(1).max(100) }),
  who: ['host'],
  decide({ command, state, storyline }) {
    if (state.game.status !== 'setup') return refuse(Refusal.GAME_STARTED, 'Characters can only be changed before the game starts');
    if (!castPool(storyline.content, state.game.characterLimit).includes(command.characterId)) {
      return refuse(Refusal.CHARACTER_NOT_AVAILABLE, 'Character not available in this game');
    }
    if (!findPlayer(state, command.playerId)) return refuse(Refusal.PLAYER_NOT_FOUND, 'Player not found in game');
    const holder = state.players.find((p) => p.characterId === command.characterId);
    if (holder?.id === command.playerId) return unchanged();
    if (holder) return refuse(Refusal.CHARACTER_TAKEN, 'This character is already assigned to another player');
    return accept({ type: 'character_assigned', playerId: command.playerId, characterId: command.characterId });
  },
});
