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
import { userOf } from '../../plugins/auth-door.js';
import { createCode, deactivate, listAllCodes, useCode, validateCode } from './discounts.service.js';

export async function discountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Public, so limited per address (and per account when signed in): guessing codes one request at a time stays slow.
  app.post('/api/validate-discount-code', { config: { access: 'public' } }, async (req): Promise<TValidateDiscountCodeResponse> => {
    await ctx.doors.hit('discountAddress', req.ip);
    // A bad token counts as none here: the door leaves the principal empty.
    const user = req.principal?.kind === 'user' ? req.principal : undefined;
    if (user) await ctx.doors.hit('discountAccount', user.userId);
    const { code } = parseInput(ZValidateDiscountCodeRequest, req.body);
    return validateCode(ctx.db, code, user?.role === 'admin');
  });

  app.post('/api/use-discount-code', { config: { access: 'user' } }, async (req) => {
    await ctx.doors.hit('discountAddress', req.ip);
    const user = userOf(req);
    await ctx.doors.hit('discountAccount', user.userId);
    const { code } = parseInput(ZUseDiscountCodeRequest, req.body);
    await useCode(ctx.db, code, user.userId, user.role === 'admin');
    return { success: true as const };
  });

  app.get('/api/admin/discount-codes', { config: { access: 'admin' } }, async (): Promise<TDiscountCode[]> => {
    return listAllCodes(ctx.db);
  });

  app.post('/api/admin/discount-codes', { config: { access: 'admin' } }, async (req, reply) => {
    const input = parseInput(ZCreateDiscountCodeRequest, req.body);
    return reply.status(201).send(await createCode(ctx.db, input));
  });

  app.delete<{ Params: { id: string } }>('/api/admin/discount-codes/:id', { config: { access: 'admin' } }, async (req): Promise<TDiscountCode> => {
    if (!ZUuid.safeParse(req.params.id).success) throw notFound('Discount code not found');
    return deactivate(ctx.db, req.params.id);
  });
}
