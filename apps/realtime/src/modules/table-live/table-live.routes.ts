import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZLateSeatClaimRequest,
  ZWatchRequest,
} from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { parseInput } from '../../lib/validate.js';
import { refusalsTakeAtLeast } from '../../lib/answer-floor.js';
import { claimLateSeat, watch } from './table-live.service.js';
import { stopRevealTimers } from './reveal-timer.js';

/** Watch refusals (unknown code, taken name) take this long at least, like join's, so their timing tells nothing. */
const REFUSAL_FLOOR_MS = 250;
const ZJoinParams = z.object({ joinCode: z.string().trim().min(1).max(6, 'Game not found') });

/** The live table's guest doors: a late arrival watches and claims the seat the host deals (a table command). */
export async function tableLiveRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
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

}

