import type { FastifyInstance } from 'fastify';
import { ZLoginRequest, ZSignupRequest } from '@ss/protocol';
import { parseInput } from '../../lib/validate.js';
import type { AppContext } from '../../context.js';
import { login, signup } from './auth.service.js';

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const deps = { db: ctx.db, tokens: ctx.tokens, adminEmails: ctx.config.ADMIN_EMAILS };
  const limited = { config: { rateLimit: ctx.authRateLimit } };

  app.post('/api/auth/signup', limited, async (req, reply) => {
    const input = parseInput(ZSignupRequest, req.body);
    return reply.status(201).send(await signup(deps, input));
  });

  app.post('/api/auth/login', limited, async (req) => login(deps, parseInput(ZLoginRequest, req.body)));
}
