import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ZCreateDiscountCodeRequest,
  ZDiscountCode,
  ZDiscountCodeList,
  ZDiscountCodeParams,
  ZUseDiscountCodeRequest,
  ZUseDiscountCodeResponse,
  ZUuid,
  ZValidateDiscountCodeRequest,
  ZValidateDiscountCodeResponse,
} from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { moduleRoutes, routeSchemas } from '../../plugins/route-schemas.js';
import { notFound } from '../../lib/app-error.js';
import { userOf } from '../../plugins/auth-door.js';
import { createCode, deactivate, listAllCodes, useCode, validateCode } from './discounts.service.js';

export async function discountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { api, schema } = moduleRoutes(app, ['purchases']);
  // Every try counts, a malformed one too (before the body is validated): per address, and per account when signed
  // in (a bad token counts as none here: the door leaves the principal empty).
  const countTry = async (req: FastifyRequest) => {
    await ctx.doors.hit('discountAddress', req.ip);
    if (req.principal?.kind === 'user') await ctx.doors.hit('discountAccount', req.principal.userId);
  };

  // Public, so limited per address (and per account when signed in): guessing codes one request at a time stays slow.
  const validateSchema = schema('Check a discount code', { body: ZValidateDiscountCodeRequest, response: { 200: ZValidateDiscountCodeResponse } });
  api.post('/api/validate-discount-code', { config: { access: 'public' }, schema: validateSchema, preValidation: countTry }, async (req) => {
    const user = req.principal?.kind === 'user' ? req.principal : undefined;
    return validateCode(ctx.db, req.body.code, user?.role === 'admin');
  });

  const useSchema = schema('Redeem a discount code', { body: ZUseDiscountCodeRequest, response: { 200: ZUseDiscountCodeResponse } });
  api.post('/api/use-discount-code', { config: { access: 'user' }, schema: useSchema, preValidation: countTry }, async (req) => {
    const user = userOf(req);
    await useCode(ctx.db, req.body.code, user.userId, user.role === 'admin');
    return { success: true as const };
  });

  const admin = routeSchemas(['admin']);
  api.get('/api/admin/discount-codes', { config: { access: 'admin' }, schema: admin.schema('All discount codes', { response: { 200: ZDiscountCodeList } }) }, async () => {
    return listAllCodes(ctx.db);
  });

  const createSchema = admin.schema('Create a discount code', { body: ZCreateDiscountCodeRequest, response: { 201: ZDiscountCode } });
  api.post('/api/admin/discount-codes', { config: { access: 'admin' }, schema: createSchema }, async (req, reply) => {
    return reply.status(201).send(await createCode(ctx.db, req.body));
  });

  const deleteSchema = admin.schema('Deactivate a discount code', { params: ZDiscountCodeParams, response: { 200: ZDiscountCode } });
  api.delete('/api/admin/discount-codes/:id', { config: { access: 'admin' }, schema: deleteSchema }, async (req) => {
    if (!ZUuid.safeParse(req.params.id).success) throw notFound('Discount code not found');
    return deactivate(ctx.db, req.params.id);
  });
}
