import type { FastifyInstance } from 'fastify';
import { ZJoinCodeParams, ZLateSeatClaimAnswer, ZLateSeatClaimRequest, ZWatchAnswer, ZWatchRequest } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { moduleRoutes } from '../../plugins/route-schemas.js';
import { refusalsTakeAtLeast } from '../../lib/answer-floor.js';
import { claimLateSeat, watch } from './table-live.service.js';
import { stopRevealTimers } from './reveal-timer.js';

/** Watch refusals (unknown code, taken name) take this long at least, like join's, so their timing tells nothing. */
const REFUSAL_FLOOR_MS = 250;

/** The live table's guest doors: a late arrival watches and claims the seat the host deals (a table command). */
export async function tableLiveRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.addHook('onClose', async () => stopRevealTimers(ctx));

  const { api, schema } = moduleRoutes(app, ['table']);
  // Guessing doors (a room code, a claim secret): counted per address before anything is looked up (or validated).
  const preValidation = ctx.doors.perAddress('joinAddress');

  const watchSchema = schema('A late arrival (the game has started) watches and waits for the host to deal them a seat', {
    params: ZJoinCodeParams,
    body: ZWatchRequest,
    response: { 201: ZWatchAnswer },
  });
  api.post('/api/games/:joinCode/watch', { schema: watchSchema, preValidation }, async (req, reply) => {
    const { joinCode } = req.params;
    const input = req.body;
    return reply.status(201).send(await refusalsTakeAtLeast(REFUSAL_FLOOR_MS, () => watch(ctx, joinCode, input.displayName)));
  });

  const claimSchema = schema('A watching late arrival asks whether the host has seated them (the token and PIN, once)', {
    body: ZLateSeatClaimRequest,
    response: { 200: ZLateSeatClaimAnswer },
  });
  api.post('/api/games/late-arrivals/claim', { schema: claimSchema, preValidation }, async (req) => {
    const input = req.body;
    return claimLateSeat(ctx, input.gameId, input.arrivalId, input.claimSecret);
  });

}

