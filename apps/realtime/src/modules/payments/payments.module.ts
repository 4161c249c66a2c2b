import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { discountRoutes } from '../discounts/discounts.routes.js';
import { paymentRoutes } from './payments.routes.js';

/** Purchases, prepurchases, discount codes and their admin API: one registration for features.ts. */
export async function registerPayments(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (s) => paymentRoutes(s, ctx));
  await app.register(async (s) => discountRoutes(s, ctx));
}
