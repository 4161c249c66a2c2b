import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ZMailLinkRedeem, ZReportRequest, ZReportRequestResponse, type TReportRequestResponse } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { seatOf } from '../../plugins/auth-door.js';
import { moduleRoutes } from '../../plugins/route-schemas.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { findUserById } from '../auth/users.repository.js';
import { createMailLink, linkUrl, redeemMailLink } from '../mail/mail-links.js';
import { enqueueReport } from './report-queue.js';
import { createReportWorker } from './report-worker.js';

/** How long a player's confirmation link works. */
const CONFIRM_TTL_MS = 24 * 60 * 60_000;
const BAD_ADDRESS = 'Please enter a valid email address.';

/**
 * POST /api/games/{id}/request-report, POST /api/reports/confirm, and the queue worker that sends the reports.
 * A report goes to exactly one verified address: the signed-in host's own account address, or the one address a
 * player names, once its owner opens the confirmation link mailed there. Every address gets a few mails an hour
 * (reports, confirmations and sign-in links together), whoever asks.
 */
export async function reportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const worker = createReportWorker(ctx);
  app.addHook('onReady', async () => worker.start());
  // Plugins close in reverse order, so this runs before the database is closed.
  app.addHook('onClose', async () => worker.stop());

  const queue = async (gameId: string, gamePlayerId: string, email: string, toAccount: boolean): Promise<TReportRequestResponse> => {
    const res = await enqueueReport(ctx.db, { gameId, gamePlayerId, email, delayMs: ctx.config.REPORT_DELAY_MS });
    if (res.queued) worker.kick();
    const account = toAccount ? { toAccount: true } : {};
    return res.queued ? { queued: true, ...account } : { queued: false, reason: 'recently_requested', ...account };
  };

  const { api, schema, gameSchema } = moduleRoutes(app, ['after game']);
  // Every request counts against the address, a malformed one too (before validation).
  const preValidation = ctx.doors.perAddress('reportAddress');

  const requestSchema = gameSchema("E-mail the game report: to the host's account, or after a confirmation link to a player's address", {
    body: ZReportRequest,
    response: { 202: ZReportRequestResponse },
  });
  const config = { access: 'game-seat', refusal: 'Only players of this game can request its report' } as const;
  api.post('/api/games/:id/request-report', { config, schema: requestSchema, preValidation }, async (req, reply) => {
    const { room, actor, player } = seatOf(req);
    const principal = actor.principal;
    const id = room.game.id;
    const input = req.body;
    if (room.game.status !== 'completed') throw conflict('The game report is available once the game is complete');
    const host = principal.kind === 'user' && actor.isHost ? await findUserById(ctx.db, principal.userId) : undefined;
    const email = host?.email ?? input.email;
    if (!email) throw badRequest(BAD_ADDRESS, { path: ['email'] });
    await ctx.doors.hit('reportPerPlayer', player.id);
    await ctx.doors.hit('reportPerGame', id);
    await ctx.doors.hit('mailPerRecipient', email.toLowerCase());
    if (host) return reply.status(202).send(await queue(id, player.id, host.email, true));

    const secret = await createMailLink(ctx.db, { purpose: 'report', email, gameId: id, gamePlayerId: player.id, ttlMs: CONFIRM_TTL_MS });
    await ctx.mailer.send({
      id: `report-confirm-${randomUUID()}`,
      to: email,
      subject: `Confirm your game report: ${room.game.title}`,
      text: [
        `Someone at the table of "${room.game.title}" asked for the game report to be sent to this address.`,
        'Open this link within 24 hours to receive it (it works once):',
        '',
        linkUrl(ctx, '/report-confirm', secret),
        '',
        'If it was not you, ignore this mail: nothing more will be sent.',
      ].join('\n'),
    });
    const body: TReportRequestResponse = { queued: false, reason: 'confirmation_sent' };
    return reply.status(202).send(body);
  });

  const confirmSchema = schema("Confirm a player's report address (the link mailed there)", { body: ZMailLinkRedeem, response: { 202: ZReportRequestResponse } });
  api.post('/api/reports/confirm', { schema: confirmSchema, preValidation }, async (req, reply) => {
    const { token } = req.body;
    const link = await redeemMailLink(ctx.db, 'report', token);
    if (!link?.game_id || !link.game_player_id) throw notFound('This link has expired or was already used.');
    return reply.status(202).send(await queue(link.game_id, link.game_player_id, link.email, false));
  });
}
