import { z } from 'zod';
import { castFor, castPool } from '../../cast.js';
import { seededShuffle } from '../../rules/teams.js';
import { accept, defineCommand, unchanged } from '../command.js';
import { Refusal, refuse } from '../refusals.js';
import { findPlayer } from '../state.js';

/** The host names a co-host among the players (or takes the role back); the co-host may drive the game. */
export const setCoHost = defineCommand({
  type: 'set_co_host',
  schema: z.object({ type: z.literal('set_co_host'), playerId: z.uuid().nullable() }),
  who: ['host'],
  decide({ command, state }) {
    if (state.game.status === 'completed') return refuse(Refusal.GAME_OVER, 'The game is over');
    if ((state.game.coHostPlayerId ?? null) === command.playerId) return unchanged();
    if (command.playerId !== null) {
      const seat = findPlayer(state, command.playerId);
      if (!seat) return refuse(Refusal.PLAYER_NOT_FOUND, 'Player not found in game');
      if (seat.isHost) return refuse(Refusal.HOST_SEAT, 'The host cannot be their own co-host');
    }
    return accept({ type: 'co_host_set', playerId: command.playerId });
  },
});

/**
 * Deals a character to every seat without one. The characters dealt are the free ones of the cast table's row for
 * the number of seats (essential characters first, so they are always in play), then the rest of the tier's pool
 * if seats already hold characters outside that row, shuffled over the seats with the seed the server drew. The event records the result, so a replay
 * never depends on the seed's arithmetic.
 */
export const dealCast = defineCommand({
  type: 'deal_cast',
  schema: z.object({ type: z.literal('deal_cast'), seed: z.string().min(1).max(100) }),
  who: ['host'],
  decide({ command, state, storyline }) {
    if (state.game.status !== 'setup') return refuse(Refusal.GAME_STARTED, 'Characters can only be changed before the game starts');
    const open = state.players.filter((p) => !p.characterId);
    if (open.length === 0) return unchanged();
    const held = new Set(state.players.map((p) => p.characterId));
    const pool = castPool(storyline.content, state.game.characterLimit);
    const row = castFor(storyline.content, state.players.length).filter((id) => pool.includes(id));
    const free = [...new Set([...row, ...pool])].filter((id) => !held.has(id));
    if (free.length < open.length) return refuse(Refusal.NO_FREE_CHARACTERS, 'There are more players than characters left for this game');
    const dealt = seededShuffle(free.slice(0, open.length), command.seed);
    const assignments: Record<string, string> = {};
    open.forEach((p, i) => (assignments[p.id] = dealt[i] as string));
    return accept({ type: 'cast_dealt', seed: command.seed, assignments });
  },
});
