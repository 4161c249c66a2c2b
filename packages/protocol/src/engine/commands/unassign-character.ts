import { accept, unchanged } from '../command.js';
import { setupSeatCommand } from './setup-seat.js';

/** The host takes a seat's character back before the game starts (a seat without one changes nothing). */
export const unassignCharacter = setupSeatCommand('unassign_character', 'Characters can only be changed before the game starts', (p) =>
  p.characterId ? accept({ type: 'character_unassigned', playerId: p.id }) : unchanged(),
);
