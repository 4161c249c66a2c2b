import { Refusal, revealStep, revealStepIndex, type TGameState } from '@ss/protocol';
import { AppError } from '../../lib/app-error.js';

/**
 * The killer leaves the server only once the room's shared reveal reached the killer's step: the public view holds
 * the results back until then (engine views), and so do the reads that name the killer (results, the accused's
 * innocence, the case-file replay).
 */
export const killerRevealed = (room: TGameState) => revealStep(room) >= revealStepIndex('killer');

export function requireKillerRevealed(room: TGameState): void {
  if (room.game.status === 'completed' && !killerRevealed(room)) {
    throw new AppError('CONFLICT', 'The results open when the host reveals the killer', { reason: Refusal.REVEAL_PENDING });
  }
}
