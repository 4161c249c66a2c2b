import type { FastifyInstance } from 'fastify';
import {
  ZCharactersQuery,
  ZCharactersResponse,
  ZCreateGameRequest,
  ZCreateGameResponse,
  ZDashboardGames,
  ZGameView,
  ZJoinCodeParams,
  ZJoinRequest,
  ZJoinWithPinResponse,
  ZMyCharacterResponse,
  ZPlayersResponse,
  ZPlayerTokenRequest,
  ZPlayerTokenResponse,
  ZPollQuery,
  capabilitiesOf,
  publicPlayer,
} from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { moduleRoutes, routeSchemas } from '../../plugins/route-schemas.js';
import { gameOf, principalOf, seatOf, userOf } from '../../plugins/auth-door.js';
import { seatViewOf } from '../game-runtime/views.js';
import { createGame, joinGame, listCharacters, playerToken, storylineFor, viewOf } from './games.service.js';
import { forbidden } from '../../lib/app-error.js';
import { extendedReply } from '../../plugins/shared-replies.js';
import { engineActorOf } from '../game-runtime/access.js';
import { onlinePlayerIds } from '../game-runtime/presence.js';
import { refusalsTakeAtLeast } from '../../lib/answer-floor.js';
import { commandBus } from '../game-runtime/command.js';
import { hostedGames } from './dashboard.repository.js';

export async function gameRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Join and rejoin refusals (unknown code, started game, taken name…) all take this long at least.
  const REFUSAL_FLOOR_MS = 250;
  // The publisher pushes commits an instance died before pushing, and beats the versions to phones.
  app.addHook('onReady', async () => commandBus(ctx).publisher.start());
  app.addHook('onClose', async () => commandBus(ctx).publisher.stop());
  const { api, schema, gameSchema } = moduleRoutes(app, ['games']);

  const createSchema = schema('Create a game (needs an entitlement)', { body: ZCreateGameRequest, response: { 201: ZCreateGameResponse } });
  api.post('/api/games', { config: { access: 'token' }, schema: createSchema }, async (req, reply) => {
    const principal = principalOf(req);
    const input = req.body;
    if (principal.kind === 'user') await ctx.doors.hit('createGame', principal.userId);
    return reply.status(201).send(await createGame(ctx, principal, input));
  });


  const joinSchema = schema('Join a game by room code', { params: ZJoinCodeParams, body: ZJoinRequest, response: { 201: ZJoinWithPinResponse } });
  // A guessing door: every try counts against the address, a malformed one too (before validation).
  const countJoin = ctx.doors.perAddress('joinAddress');
  api.post('/api/games/:joinCode/join', { schema: joinSchema, preValidation: countJoin }, async (req, reply) => {
    const { joinCode } = req.params;
    const input = req.body;
    await ctx.doors.hit('joinCode', joinCode.toUpperCase());
    return reply.status(201).send(await refusalsTakeAtLeast(REFUSAL_FLOOR_MS, () => joinGame(ctx, joinCode, input.displayName)));
  });

  const tokenSchema = routeSchemas(['accounts']).schema('A seat token for a player of the game (the host playing a seat, or the player)', {
    body: ZPlayerTokenRequest,
    response: { 200: ZPlayerTokenResponse },
  });
  api.post('/api/auth/player-token', { config: { access: 'token' }, schema: tokenSchema }, async (req) => {
    const principal = principalOf(req);
    const input = req.body;
    return playerToken(ctx, principal, input.gameId, input.gamePlayerId);
  });

  const viewSchema = gameSchema('The game as the caller sees it. ETag/If-None-Match; `waitForVersion` long-polls until the room passes that version (304 when the wait runs out)', {
    querystring: ZPollQuery,
    response: { 200: ZGameView },
  });
  api.get('/api/games/:id', { config: { access: 'game-member' }, schema: viewSchema }, async (req) => {
    const { room, actor } = gameOf(req);
    const storyline = await storylineFor(ctx, room);
    const view = await viewOf(ctx, room);
    return extendedReply(view, {
      currentPlayer: actor.player ? publicPlayer(room, actor.player, storyline) : null,
      capabilities: capabilitiesOf(room, engineActorOf(actor), storyline),
    });
  });

  const playersSchema = gameSchema('Seats with presence. ETag/If-None-Match', { response: { 200: ZPlayersResponse } });
  api.get('/api/games/:id/players', { config: { access: 'game-member' }, schema: playersSchema }, async (req) => {
    const { room } = gameOf(req);
    const storyline = await storylineFor(ctx, room);
    const online = new Set(await onlinePlayerIds(ctx, room.game.id));
    return room.players.map((p) => ({ ...publicPlayer(room, p, storyline), isOnline: online.has(p.id) }));
  });

  const mineSchema = gameSchema("The caller's own seat with its secrets. ETag/If-None-Match", { response: { 200: ZMyCharacterResponse } });
  api.get('/api/games/:id/my-character', { config: { access: 'game-seat' }, schema: mineSchema }, async (req) => {
    const { room, player } = seatOf(req);
    const mine = seatViewOf(room, player.id, await storylineFor(ctx, room));
    if (!mine) throw forbidden('Player not found in game');
    return mine;
  });

  const castSchema = gameSchema('Cast for assignment (host)', { querystring: ZCharactersQuery, response: { 200: ZCharactersResponse } });
  api.get('/api/games/:id/characters', { config: { access: 'game-host', refusal: 'Only the host can see the cast' }, schema: castSchema }, async (req) => {
    return listCharacters(ctx, gameOf(req), req.query.playerCount);
  });

  const activeSchema = schema("The host's games not yet completed", { response: { 200: ZDashboardGames } });
  api.get('/api/dashboard/active-games', { config: { access: 'user' }, schema: activeSchema }, async (req) => hostedGames(ctx.db, ctx.catalog, userOf(req).userId, false));
  const completedSchema = schema("The host's completed games", { response: { 200: ZDashboardGames } });
  api.get('/api/dashboard/completed-games', { config: { access: 'user' }, schema: completedSchema }, async (req) => hostedGames(ctx.db, ctx.catalog, userOf(req).userId, true));
}
