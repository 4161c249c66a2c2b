import type { FastifyInstance } from 'fastify';
import { ZLoginRequest, ZSignupRequest } from '@ss/protocol';
import { parseInput } from '../../lib/validate.js';
import { AppError } from '../../lib/app-error.js';
import type { AppContext } from '../../context.js';
import { login, signup } from './auth.service.js';

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const deps = { db: ctx.db, tokens: ctx.tokens, adminEmails: ctx.config.ADMIN_EMAILS };
  app.post('/api/auth/signup', async (req, reply) => {
    await ctx.doors.hit('authAddress', req.ip);
    const input = parseInput(ZSignupRequest, req.body);
    return reply.status(201).send(await signup(deps, input));
  });

  app.post('/api/auth/login', async (req) => {
    await ctx.doors.hit('authAddress', req.ip);
    const input = parseInput(ZLoginRequest, req.body);
    const account = input.email.trim().toLowerCase();
    await ctx.doors.check('signInAccount', account);
    try {
      return await login(deps, input);
    } catch (err) {
      if (err instanceof AppError && err.status === 401) await ctx.doors.hit('signInAccount', account);
      throw err;
    }
  });
}
