import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAuthResponse, ZLoginRequest, ZMailLinkRedeem, ZSignInLinkRequest, ZSignInLinkResponse, ZSignupRequest } from '@ss/protocol';
import { AppError, unauthorized } from '../../lib/app-error.js';
import type { AppContext } from '../../context.js';
import { createMailLink, linkUrl, redeemMailLink } from '../mail/mail-links.js';
import { login, session, signup } from './auth.service.js';
import { findUserByEmail, findUserById } from './users.repository.js';

const SIGN_IN_LINK_TTL_MS = 15 * 60_000;

/**
 * Sign-up, sign-in and the sign-in link by e-mail. Failed sign-ins slow down the address that tries (per account
 * and address), and only a flood from many addresses slows the account's password sign-in for everyone; the
 * sign-in link, mailed only to the account's own address, is the way in meanwhile.
 */
export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const deps = { db: ctx.db, tokens: ctx.tokens, adminEmails: ctx.config.ADMIN_EMAILS };
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];
  // Every attempt counts against the address, a malformed one too: the door runs before the body is validated.
  const preValidation = ctx.doors.perAddress('authAddress');

  const signupSchema = { summary: 'Create a host account', tags, body: ZSignupRequest, response: { 201: ZAuthResponse } };
  api.post('/api/auth/signup', { schema: signupSchema, preValidation }, async (req, reply) => {
    const input = req.body;
    await ctx.doors.hit('signUpAccount', input.email.toLowerCase());
    return reply.status(201).send(await signup(deps, input));
  });

  api.post('/api/auth/login', { schema: { summary: 'Sign in as a host', tags, body: ZLoginRequest, response: { 200: ZAuthResponse } }, preValidation }, async (req) => {
    const input = req.body;
    const account = input.email.trim().toLowerCase();
    const fromHere = `${account}|${req.ip}`;
    await ctx.doors.check('signInFailAddress', fromHere);
    await ctx.doors.check('signInFailAccount', account);
    try {
      return await login(deps, input);
    } catch (err) {
      if (err instanceof AppError && err.status === 401) {
        await ctx.doors.hit('signInFailAddress', fromHere);
        await ctx.doors.hit('signInFailAccount', account);
      }
      throw err;
    }
  });

  // Answered alike (202) for an account that exists and one that does not; the mail goes out after the answer.
  const linkSchema = {
    summary: 'Mail a one-time sign-in link to the account (answered alike for any address)',
    tags,
    body: ZSignInLinkRequest,
    response: { 202: ZSignInLinkResponse },
  };
  api.post('/api/auth/sign-in-link', { schema: linkSchema, preValidation }, async (req, reply) => {
    const { email } = req.body;
    const account = email.toLowerCase();
    await ctx.doors.hit('signInLinkAccount', account);
    await ctx.doors.hit('mailPerRecipient', account);
    void mailSignInLink(ctx, account).catch((err: unknown) => ctx.log.warn({ err }, 'sign-in link not sent'));
    return reply.status(202).send({ sent: true });
  });

  const redeemSchema = { summary: 'Sign in with a sign-in link', tags, body: ZMailLinkRedeem, response: { 200: ZAuthResponse } };
  api.post('/api/auth/sign-in-link/redeem', { schema: redeemSchema, preValidation }, async (req) => {
    const { token } = req.body;
    const link = await redeemMailLink(ctx.db, 'sign_in', token);
    const user = link?.user_id ? await findUserById(ctx.db, link.user_id) : undefined;
    if (!user) throw unauthorized('This sign-in link has expired or was already used. Please ask for a new one.');
    return session(deps, user);
  });
}

async function mailSignInLink(ctx: AppContext, account: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, account);
  if (!user) return;
  const secret = await createMailLink(ctx.db, { purpose: 'sign_in', email: user.email, userId: user.id, ttlMs: SIGN_IN_LINK_TTL_MS });
  await ctx.mailer.send({
    id: `sign-in-${randomUUID()}`,
    to: user.email,
    subject: 'Your Seekers & Shadows sign-in link',
    text: [
      'Open this link within 15 minutes to sign in (it works once):',
      '',
      linkUrl(ctx, '/sign-in-link', secret),
      '',
      'If you did not ask for it, ignore this mail: nobody can sign in without the link.',
    ].join('\n'),
  });
}
