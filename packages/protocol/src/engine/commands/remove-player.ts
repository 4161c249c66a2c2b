import { accept } from '../command.js';
import { Refusal, refuse } from '../refusals.js';
import { setupSeatCommand } from './setup-seat.js';

/** The host removes a seat before the game starts; the seat's tokens stop working. */
export const removePlayer = setupSeatCommand('remove_player', 'Players can only be removed before the game starts', (p) =>
  p.isHost ? refuse(Refusal.HOST_SEAT, 'The host cannot be removed from their own game') : accept({ type: 'player_removed', playerId: p.id }),
);
