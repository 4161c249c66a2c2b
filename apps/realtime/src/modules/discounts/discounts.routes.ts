import type { FastifyInstance } from 'fastify';
import {
  ZCreateDiscountCodeRequest,
  ZUseDiscountCodeRequest,
  ZValidateDiscountCodeRequest,
  ZUuid,
  type TDiscountCode,
  type TValidateDiscountCodeResponse,
} from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { parseInput } from '../../lib/validate.js';
import { notFound } from '../../lib/app-error.js';
import { requireUser } from '../auth/principal.js';
import { isAdmin, optionalUser, requireAdmin } from './admin.js';
import { createCode, deactivate, listAllCodes, useCode, validateCode } from './discounts.service.js';

export async function discountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Public, so limited per address (and per account when signed in): guessing codes one request at a time stays slow.
  app.post('/api/validate-discount-code', async (req): Promise<TValidateDiscountCodeResponse> => {
    await ctx.doors.hit('discountAddress', req.ip);
    const user = await optionalUser(ctx, req);
    if (user) await ctx.doors.hit('discountAccount', user.userId);
    const { code } = parseInput(ZValidateDiscountCodeRequest, req.body);
    return validateCode(ctx.db, code, await isAdmin(ctx, user?.userId));
  });

  app.post('/api/use-discount-code', async (req) => {
    await ctx.doors.hit('discountAddress', req.ip);
    const user = await requireUser(ctx.tokens, req);
    await ctx.doors.hit('discountAccount', user.userId);
    const { code } = parseInput(ZUseDiscountCodeRequest, req.body);
    await useCode(ctx.db, code, user.userId, await isAdmin(ctx, user.userId));
    return { success: true as const };
  });

  app.get('/api/admin/discount-codes', async (req): Promise<TDiscountCode[]> => {
    await requireAdmin(ctx, req);
    return listAllCodes(ctx.db);
  });

  app.post('/api/admin/discount-codes', async (req, reply) => {
    await requireAdmin(ctx, req);
    const input = parseInput(ZCreateDiscountCodeRequest, req.body);
    return reply.status(201).send(await createCode(ctx.db, input));
  });

  app.delete<{ Params: { id: string } }>('/api/admin/discount-codes/:id', async (req): Promise<TDiscountCode> => {
    await requireAdmin(ctx, req);
    if (!ZUuid.safeParse(req.params.id).success) throw notFound('Discount code not found');
    return deactivate(ctx.db, req.params.id);
  });
}
