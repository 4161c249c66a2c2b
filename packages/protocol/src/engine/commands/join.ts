import { z } from 'zod';
import { accept, defineCommand } from '../command.js';
import { Refusal, refuse } from '../refusals.js';
import { nameKey } from '../../text.js';
import { newSeat } from '../state.js';

/** A guest takes a seat in a game that has not started (the server picks the new seat's id). */
export const join = defineCommand({
  type: 'join',
  schema: z.object({
    type: z.literal('join'),
    playerId: z.uuid(),
    displayName: z.string().min(1).max(24),
    /** Hash of the seat PIN the server dealt (the PIN itself is shown once on the joining phone, never stored). */
    pinHash: z.string().min(1).max(200).optional(),
  }),
  who: ['guest'],
  decide({ command, state, now }) {
    if (state.game.status !== 'setup') return refuse(Refusal.GAME_STARTED, 'This game has already started');
    if (state.players.length >= state.game.characterLimit) return refuse(Refusal.GAME_FULL, 'This game is full');
    // Look-alike names (case, zero-width characters, confusable scripts) count as the same name.
    const key = nameKey(command.displayName);
    if (state.players.some((p) => nameKey(p.displayName) === key)) {
      return refuse(Refusal.NAME_TAKEN, 'That display name is already taken in this game');
    }
    const joined = accept({
      type: 'player_joined',
      player: newSeat({ id: command.playerId, displayName: command.displayName, joinedAt: new Date(now).toISOString() }),
    });
    if (joined.ok && command.pinHash) joined.events.push({ type: 'seat_pin_set', playerId: command.playerId, pinHash: command.pinHash });
    return joined;
  },
});
