import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZCreateGameRequest,
  ZJoinRequest,
  ZPlayerTokenRequest,
  ZGameParams,
  capabilitiesOf,
  publicPlayer,
} from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { principalOf, userOf } from '../../plugins/auth-door.js';
import { parseInput } from '../../lib/validate.js';
import { seatViewOf } from '../game-runtime/views.js';
import { actorIn, createGame, joinGame, listCharacters, playerToken, storylineFor, viewOf } from './games.service.js';
import { forbidden } from '../../lib/app-error.js';
import { engineActorOf } from '../game-runtime/access.js';
import { onlinePlayerIds } from '../game-runtime/presence.js';
import { refusalsTakeAtLeast } from '../../lib/answer-floor.js';
import { commandBus } from '../game-runtime/command.js';
import { hostedGames } from './dashboard.repository.js';

const ZJoinParams = z.object({ joinCode: z.string().trim().min(1).max(6, 'Game not found') });

export async function gameRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Join and rejoin refusals (unknown code, started game, taken name…) all take this long at least.
  const REFUSAL_FLOOR_MS = 250;
  // The publisher pushes commits an instance died before pushing, and beats the versions to phones.
  app.addHook('onReady', async () => commandBus(ctx).publisher.start());
  app.addHook('onClose', async () => commandBus(ctx).publisher.stop());
  const gameId = (params: unknown) => parseInput(ZGameParams, params).id;

  app.post('/api/games', { config: { access: 'token' } }, async (req, reply) => {
    const principal = principalOf(req);
    const input = parseInput(ZCreateGameRequest, req.body ?? {});
    if (principal.kind === 'user') await ctx.doors.hit('createGame', principal.userId);
    return reply.status(201).send(await createGame(ctx, principal, input));
  });


  app.post('/api/games/:joinCode/join', async (req, reply) => {
    await ctx.doors.hit('joinAddress', req.ip);
    const { joinCode } = parseInput(ZJoinParams, req.params);
    const input = parseInput(ZJoinRequest, req.body);
    await ctx.doors.hit('joinCode', joinCode.toUpperCase());
    return reply.status(201).send(await refusalsTakeAtLeast(REFUSAL_FLOOR_MS, () => joinGame(ctx, joinCode, input.displayName)));
  });

  app.post('/api/auth/player-token', { config: { access: 'token' } }, async (req) => {
    const principal = principalOf(req);
    const input = parseInput(ZPlayerTokenRequest, req.body);
    return playerToken(ctx, principal, input.gameId, input.gamePlayerId);
  });

  app.get('/api/games/:id', { config: { access: 'token' } }, async (req) => {
    const { room, actor } = await actorIn(ctx, principalOf(req), gameId(req.params));
    const storyline = await storylineFor(ctx, room);
    const view = await viewOf(ctx, room);
    return {
      ...view,
      currentPlayer: actor.player ? publicPlayer(room, actor.player, storyline) : null,
      capabilities: capabilitiesOf(room, engineActorOf(actor), storyline),
    };
  });

  app.get('/api/games/:id/players', { config: { access: 'token' } }, async (req) => {
    const id = gameId(req.params);
    const { room } = await actorIn(ctx, principalOf(req), id);
    const storyline = await storylineFor(ctx, room);
    const online = new Set(await onlinePlayerIds(ctx, id));
    return room.players.map((p) => ({ ...publicPlayer(room, p, storyline), isOnline: online.has(p.id) }));
  });

  app.get('/api/games/:id/my-character', { config: { access: 'token' } }, async (req) => {
    const { room, actor } = await actorIn(ctx, principalOf(req), gameId(req.params));
    if (!actor.player) throw forbidden('Player not found in game');
    return seatViewOf(room, actor.player.id, await storylineFor(ctx, room));
  });

  app.get('/api/games/:id/characters', { config: { access: 'token' } }, async (req) => {
    const id = gameId(req.params);
    const q = parseInput(z.object({ playerCount: z.coerce.number().int().min(1).max(20).optional() }), req.query);
    return listCharacters(ctx, principalOf(req), id, q.playerCount);
  });

  app.get('/api/dashboard/active-games', { config: { access: 'user' } }, async (req) => hostedGames(ctx.db, ctx.catalog, userOf(req).userId, false));
  app.get('/api/dashboard/completed-games', { config: { access: 'user' } }, async (req) => hostedGames(ctx.db, ctx.catalog, userOf(req).userId, true));
}
