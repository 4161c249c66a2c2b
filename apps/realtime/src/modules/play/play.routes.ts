import type { FastifyInstance } from 'fastify';
import {
  ZCharacterDayParams,
  ZCharacterDayQuery,
  ZCharacterDetail,
  ZCharacterParams,
  ZDayContent,
  ZPlayerNotes,
  ZPublicCharacterList,
  ZPutPlayerNotes,
  ZStorylineCastParams,
} from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { moduleRoutes, routeSchemas } from '../../plugins/route-schemas.js';
import { principalOf, seatOf } from '../../plugins/auth-door.js';
import { characterDetail, dayContent, readNotes, storylineCharacters, writeNotes } from './play.service.js';

/**
 * In-game content calls: a storyline's public cast, a character's detail and day content, a player's notes. Day
 * content: a player token reads its own character; a host or admin token names the game with ?gameId= (without it,
 * the host's latest game in which the host's own player holds the character is used).
 */
export async function playRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { api, schema, gameSchema } = moduleRoutes(app, ['play']);
  const access = { access: 'token' } as const;

  const castSchema = routeSchemas(['storylines']).schema('Public cast of a storyline', { params: ZStorylineCastParams, response: { 200: ZPublicCharacterList } });
  api.get('/api/characters/storyline/:storylineId', { config: access, schema: castSchema }, async (req) => storylineCharacters(ctx, req.params.storylineId));

  const daySchema = schema("A character's content for a day the host has reached", {
    params: ZCharacterDayParams,
    querystring: ZCharacterDayQuery,
    response: { 200: ZDayContent },
  });
  api.get('/api/characters/:characterId/day/:n', { config: access, schema: daySchema }, async (req) => {
    const principal = principalOf(req);
    // Which days exist depends on the game's storyline: the service checks the number against its phase table.
    return dayContent(ctx, principal, req.params.characterId, req.params.n, req.query.gameId);
  });

  const characterSchema = schema('A character: private parts only to its holder', { params: ZCharacterParams, response: { 200: ZCharacterDetail } });
  api.get('/api/characters/:characterId', { config: access, schema: characterSchema }, async (req) => characterDetail(ctx, principalOf(req), req.params.characterId));

  const notesSchema = gameSchema("The caller's private notes", { response: { 200: ZPlayerNotes } });
  api.get('/api/games/:id/notes', { config: { access: 'game-seat' }, schema: notesSchema }, async (req) => {
    const { room, player } = seatOf(req);
    return readNotes(ctx, room.game.id, player);
  });

  const writeSchema = gameSchema("Replace the caller's private notes", { body: ZPutPlayerNotes, response: { 200: ZPlayerNotes } });
  api.put('/api/games/:id/notes', { config: { access: 'game-seat' }, schema: writeSchema }, async (req) => {
    const { room, player } = seatOf(req);
    return writeNotes(ctx, room.game.id, player, req.body.body);
  });
}
