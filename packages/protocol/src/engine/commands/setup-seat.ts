import { z } from 'zod';
import { defineCommand, type Decision } from '../command.js';
import { Refusal, refuse } from '../refusals.js';
import { findPlayer, type TLivePlayer } from '../state.js';

/**
 * A host command on one seat before the game starts: refused once the game has started (with `startedMessage`) or
 * for a seat not in the game; otherwise `decide` answers for the seat.
 */
export const setupSeatCommand = <T extends string>(type: T, startedMessage: string, decide: (seat: TLivePlayer) => Decision) =>
  defineCommand({
    type,
    schema: z.object({ type: z.literal(type), playerId: z.uuid() }),
    who: ['host'],
    decide({ command, state }) {
      if (state.game.status !== 'setup') return refuse(Refusal.GAME_STARTED, startedMessage);
      const seat = findPlayer(state, command.playerId);
      return seat ? decide(seat) : refuse(Refusal.PLAYER_NOT_FOUND, 'Player not found in game');
    },
  });
