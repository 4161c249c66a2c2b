import type { FastifyInstance } from 'fastify';
import {
  ZRedeemSeatMoveRequest,
  ZRejoinAnswer,
  ZRejoinClaimAnswer,
  ZRejoinClaimRequest,
  ZSeatGranted,
  ZSeatRejoinRequest,
} from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { moduleRoutes } from '../../plugins/route-schemas.js';
import { refusalsTakeAtLeast } from '../../lib/answer-floor.js';
import { claim, redeem, rejoin } from './seats.service.js';

/** Rejoin refusals (unknown code or name) take this long at least, so their timing tells nothing. */
const REFUSAL_FLOOR_MS = 250;

/**
 * Seats belong to devices: rejoin (PIN or host approval), the pending phone's poll, and redeeming a seat-move code.
 * The host's answer to a rejoin and the seat-move code are commands of the command table.
 */
export async function seatRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { api, schema, gameSchema } = moduleRoutes(app, ['seats']);
  // Rejoin and seat-move codes are guessing doors: counted per address before anything is looked up (or validated).
  const preValidation = ctx.doors.perAddress('joinAddress');

  const rejoinSchema = schema('Ask for a seat back by room code and name: granted with the seat PIN (or in testing mode), else pending host approval (202)', {
    body: ZSeatRejoinRequest,
    response: { 200: ZRejoinAnswer, 202: ZRejoinAnswer },
  });
  api.post('/api/games/rejoin', { schema: rejoinSchema, preValidation }, async (req, reply) => {
    const input = req.body;
    const res = await refusalsTakeAtLeast(REFUSAL_FLOOR_MS, () => rejoin(ctx, input, req.ip));
    return reply.status(res.status === 'pending' ? 202 : 200).send(res);
  });

  const claimSchema = schema('A pending rejoin asks whether the host has answered', { body: ZRejoinClaimRequest, response: { 200: ZRejoinClaimAnswer } });
  api.post('/api/games/rejoin/claim', { schema: claimSchema, preValidation }, async (req) => {
    const input = req.body;
    return claim(ctx, input.gameId, input.requestId, input.claimSecret);
  });

  const redeemSchema = gameSchema('A new phone redeems a seat-move code; older tokens of the seat are revoked', { body: ZRedeemSeatMoveRequest, response: { 200: ZSeatGranted } });
  api.post('/api/games/:id/seat-moves/redeem', { schema: redeemSchema, preValidation }, async (req) => {
    return redeem(ctx, req.params.id, req.body.ticket);
  });
}
