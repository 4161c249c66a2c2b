import { z } from 'zod';
import { accept, defineCommand } from '../command.js';

/** The host deletes the game (soft delete): every later command is refused with GAME_DELETED. */
export const deleteGame = defineCommand({
  type: 'delete_game',
  schema: z.object({ type: z.literal('delete_game') }),
  who: ['host'],
  decide({ now }) {
    return accept({ type: 'game_deleted', at: new Date(now).toISOString() });
  },
});
