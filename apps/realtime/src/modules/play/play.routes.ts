import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZPutPlayerNotes } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { principalOf, seatOf } from '../../plugins/auth-door.js';
import { parseInput } from '../../lib/validate.js';
import { characterDetail, dayContent, readNotes, storylineCharacters, writeNotes } from './play.service.js';

const ZCharacterId = z.string().min(1).max(100);

/**
 * In-game content calls (document 2, section 7). Day content: a player token reads its own character; a host or
 * admin token names the game with ?gameId= (without it, the host's latest game in which the host's own player
 * holds the character is used).
 */
export async function playRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/characters/storyline/:storylineId', { config: { access: 'token' } }, async (req) => {
    principalOf(req);
    const { storylineId } = parseInput(z.object({ storylineId: z.string().min(1).max(100) }), req.params);
    return storylineCharacters(ctx, storylineId);
  });

  app.get('/api/characters/:characterId/day/:n', { config: { access: 'token' } }, async (req) => {
    const principal = principalOf(req);
    const p = parseInput(
      z.object({
        characterId: ZCharacterId,
        // Which days exist depends on the game's storyline: the service checks the number against its phase table.
        n: z.string().max(10),
      }),
      req.params,
    );
    const q = parseInput(z.object({ gameId: z.uuid({ error: 'gameId must be a game id' }).optional() }), req.query);
    return dayContent(ctx, principal, p.characterId, p.n, q.gameId);
  });

  app.get('/api/characters/:characterId', { config: { access: 'token' } }, async (req) => {
    const principal = principalOf(req);
    const { characterId } = parseInput(z.object({ characterId: ZCharacterId }), req.params);
    return characterDetail(ctx, principal, characterId);
  });

  app.get('/api/games/:id/notes', { config: { access: 'game-seat' } }, async (req) => {
    const { room, player } = seatOf(req);
    return readNotes(ctx, room.game.id, player);
  });

  app.put('/api/games/:id/notes', { config: { access: 'game-seat' } }, async (req) => {
    const { room, player } = seatOf(req);
    const input = parseInput(ZPutPlayerNotes, req.body);
    return writeNotes(ctx, room.game.id, player, input.body);
  });
}
