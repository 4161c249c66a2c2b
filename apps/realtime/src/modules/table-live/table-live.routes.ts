import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZAdvanceRevealRequest,
  ZGameParams,
  ZLateSeatClaimRequest,
  ZSeatLateArrivalRequest,
  ZTakeOverRequest,
  ZWatchRequest,
  ZSocketAdvanceReveal,
  ZSocketSeatLateArrival,
  ZSocketTakeOver,
} from '@ss/protocol';
import type { AppContext } from '../../context.js';
import type { IO } from '../../plugins/socket.js';
import { parseInput } from '../../lib/validate.js';
import { refusalsTakeAtLeast } from '../../lib/answer-floor.js';
import { requirePrincipal } from '../auth/principal.js';
import { handle, type GameSocket } from '../games/games.socket.js';
import { advanceReveal, claimLateSeat, seatLateArrival, takeOverHost, watch } from './table-live.service.js';
import { stopRevealTimers } from './reveal-timer.js';

/** Watch refusals (unknown code, taken name) take this long at least, like join's, so their timing tells nothing. */
const REFUSAL_FLOOR_MS = 250;
const ZJoinParams = z.object({ joinCode: z.string().trim().min(1).max(6, 'Game not found') });

/** The live table: late arrivals (watch, claim, seat), the shared reveal, and the host controls taken over. */
export async function tableLiveRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const gameId = (params: unknown) => parseInput(ZGameParams, params).id;
  app.addHook('onClose', async () => stopRevealTimers(ctx));

  // Guessing doors (a room code, a claim secret): counted per address before anything is looked up.
  app.post('/api/games/:joinCode/watch', async (req, reply) => {
    await ctx.doors.hit('joinAddress', req.ip);
    const { joinCode } = parseInput(ZJoinParams, req.params);
    const input = parseInput(ZWatchRequest, req.body);
    return reply.status(201).send(await refusalsTakeAtLeast(REFUSAL_FLOOR_MS, () => watch(ctx, joinCode, input.displayName)));
  });

  app.post('/api/games/late-arrivals/claim', async (req) => {
    await ctx.doors.hit('joinAddress', req.ip);
    const input = parseInput(ZLateSeatClaimRequest, req.body);
    return claimLateSeat(ctx, input.gameId, input.arrivalId, input.claimSecret);
  });

  app.post('/api/games/:id/late-arrivals/:arrivalId/seat', async (req) => {
    const { id, arrivalId } = parseInput(ZGameParams.extend({ arrivalId: z.uuid() }), req.params);
    const input = parseInput(ZSeatLateArrivalRequest, req.body);
    return seatLateArrival(ctx, await requirePrincipal(ctx.tokens, req), id, arrivalId, input.characterId, input.commandId);
  });

  app.post('/api/games/:id/reveal', async (req) => {
    const id = gameId(req.params);
    const input = parseInput(ZAdvanceRevealRequest, req.body);
    return advanceReveal(ctx, await requirePrincipal(ctx.tokens, req), id, input.toStep, input.commandId);
  });

  app.post('/api/games/:id/take-over', async (req) => {
    const id = gameId(req.params);
    const input = parseInput(ZTakeOverRequest, req.body ?? {});
    return takeOverHost(ctx, await requirePrincipal(ctx.tokens, req), id, input.commandId);
  });
}

/** The socket twins of the table commands. */
export function registerTableLiveSockets(ctx: AppContext, io: IO): void {
  io.on('connection', (socket: GameSocket) => {
    const principal = socket.data.principal;
    socket.on('table:reveal', handle(ctx, ZSocketAdvanceReveal, (i) => advanceReveal(ctx, principal, i.gameId, i.toStep, i.commandId).then(() => null)));
    socket.on('table:seat-late', handle(ctx, ZSocketSeatLateArrival, (i) => seatLateArrival(ctx, principal, i.gameId, i.arrivalId, i.characterId, i.commandId).then(() => null)));
    socket.on('table:take-over', handle(ctx, ZSocketTakeOver, (i) => takeOverHost(ctx, principal, i.gameId, i.commandId).then(() => null)));
  });
}
