import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import type { IO } from './plugins/socket.js';
import { gameRoutes } from './modules/games/games.routes.js';
import { registerGameSockets } from './modules/games/games.socket.js';
import { seatRoutes } from './modules/seats/seats.routes.js';
import { tableRoutes } from './modules/table/table.routes.js';
import { reportRoutes } from './modules/reports/reports.routes.js';
import { feedbackRoutes } from './modules/feedback/feedback.routes.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { contentPreviewRoutes } from './modules/content-preview/preview.routes.js';
import { registerPlay } from './modules/play/play.module.js';
import { registerVoting } from './modules/voting/voting.module.js';
import { registerPayments } from './modules/payments/payments.module.js';
import { registerTv } from './modules/tv/tv.module.js';
import { tableLiveRoutes } from './modules/table-live/table-live.routes.js';
import { registerCommandRoutes, registerCommandSockets } from './modules/games/command-routes.js';
import { hostKitRoutes } from './modules/host-kit/host-kit.routes.js';

/** Feature modules: each registers its REST routes (and socket handlers) here, one line each. */
export async function registerFeatures(app: FastifyInstance, ctx: AppContext, io: IO): Promise<void> {
  registerGameSockets(ctx, io);
  // Every game command a caller sends: its REST route and socket twin, built from the protocol's command table.
  registerCommandSockets(ctx, io, ctx.commands);
  await app.register(async (s) => registerCommandRoutes(s, ctx, ctx.commands));
  await app.register(async (s) => gameRoutes(s, ctx));
  await app.register(async (s) => seatRoutes(s, ctx));
  await app.register(async (s) => tableRoutes(s, ctx));
  await app.register(async (s) => reportRoutes(s, ctx)); // also starts/stops the report worker (onReady/onClose)
  await app.register(async (s) => feedbackRoutes(s, ctx));
  await app.register(async (s) => analyticsRoutes(s, ctx));
  await app.register(async (s) => contentPreviewRoutes(s, ctx));
  await registerPlay(app, ctx);
  await registerVoting(app, ctx);
  await registerPayments(app, ctx);
  await registerTv(app, ctx, io);
  await app.register(async (s) => tableLiveRoutes(s, ctx));
  await app.register(async (s) => hostKitRoutes(s, ctx));
}
