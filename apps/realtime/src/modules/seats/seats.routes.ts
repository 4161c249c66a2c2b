import type { FastifyInstance } from 'fastify';
import { ZGameParams, ZRedeemSeatMoveRequest, ZRejoinClaimRequest, ZSeatRejoinRequest } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { parseInput } from '../../lib/validate.js';
import { refusalsTakeAtLeast } from '../../lib/answer-floor.js';
import { claim, redeem, rejoin } from './seats.service.js';

/** Rejoin refusals (unknown code or name) take this long at least, so their timing tells nothing. */
const REFUSAL_FLOOR_MS = 250;

/**
 * Seats belong to devices: rejoin (PIN or host approval), the pending phone's poll, and redeeming a seat-move code.
 * The host's answer to a rejoin and the seat-move code are commands of the command table.
 */
export async function seatRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Rejoin and seat-move codes are guessing doors: counted per address before anything is looked up.
  app.post('/api/games/rejoin', async (req, reply) => {
    await ctx.doors.hit('joinAddress', req.ip);
    const input = parseInput(ZSeatRejoinRequest, req.body);
    const res = await refusalsTakeAtLeast(REFUSAL_FLOOR_MS, () => rejoin(ctx, input, req.ip));
    return reply.status(res.status === 'pending' ? 202 : 200).send(res);
  });

  app.post('/api/games/rejoin/claim', async (req) => {
    await ctx.doors.hit('joinAddress', req.ip);
    const input = parseInput(ZRejoinClaimRequest, req.body);
    return claim(ctx, input.gameId, input.requestId, input.claimSecret);
  });

  app.post('/api/games/:id/seat-moves/redeem', async (req) => {
    await ctx.doors.hit('joinAddress', req.ip);
    const { id } = parseInput(ZGameParams, req.params);
    return redeem(ctx, id, parseInput(ZRedeemSeatMoveRequest, req.body).ticket);
  });
}
