import { z } from 'zod';
import {
  MAX_DAYS,
  MIN_DAYS,
  ZSeatPreview,
  ZSeatPreviewQuery,
  ZAuthResponse,
  ZCharacterDetail,
  ZCharactersResponse,
  ZConfirmPaymentRequest,
  ZConfirmPaymentResponse,
  ZCreateDiscountCodeRequest,
  ZCreateGameRequest,
  ZCreateGameResponse,
  ZCreateIntentRequest,
  ZCreateIntentResponse,
  ZCreatePrepurchaseIntentRequest,
  ZCreatePrepurchaseIntentResponse,
  ZDailyVote,
  ZDailyVoteList,
  ZDailyVotingAnalytics,
  ZDashboardGames,
  ZDayContent,
  ZDevConfirmCardRequest,
  ZDevConfirmCardResponse,
  ZDiscountCode,
  ZDiscountCodeList,
  ZFeedbackAnalytics,
  ZFeedbackRequest,
  ZFinalResults,
  ZGameResults,
  ZGameView,
  ZJoinRequest,
  ZLoginRequest,
  ZMyCharacterResponse,
  ZOk,
  ZPaymentDisputeList,
  ZPaymentsConfig,
  ZPlayerNotes,
  ZPlayersResponse,
  ZPlayerTokenRequest,
  ZPlayerTokenResponse,
  ZPricingTierList,
  ZPublicCharacterList,
  ZPurchasedStorylineList,
  ZPutPlayerNotes,
  ZRejoinAnswer,
  ZRejoinClaimAnswer,
  ZRejoinClaimRequest,
  ZSeatRejoinRequest,
  ZSeatGranted,
  ZRedeemSeatMoveRequest,
  ZJoinWithPinResponse,
  ZWatchRequest,
  ZWatchAnswer,
  ZLateSeatClaimRequest,
  ZLateSeatClaimAnswer,
  ZHostKitResponse,
  ZAnswerSheetResponse,
  ZReplayResponse,
  ZStorylineCases,
  ZReportRequest,
  ZReportRequestResponse,
  ZSignupRequest,
  ZSignInLinkRequest,
  ZSignInLinkResponse,
  ZMailLinkRedeem,
  ZStorylineList,
  ZSurveyRequest,
  ZSurveyResponse,
  ZSuspectVotingAnalytics,
  ZUseDiscountCodeRequest,
  ZUseDiscountCodeResponse,
  ZValidateDiscountCodeRequest,
  ZValidateDiscountCodeResponse,
  ZVotingBreakdown,
  ZVotingResults,
  ZTvSnapshot,
  COMMAND_TABLE,
  type CommandTable,
} from '@ss/protocol';
import { ZPollQuery } from '../polling/conditional-get.js';
import { commandRouteSchemas } from './command-schemas.js';
import type { RouteSchema } from './route-schema.js';

export type { RouteAuth, RouteSchema } from './route-schema.js';

const gameParams = z.object({ id: z.uuid().describe('Game id') });
const characterParams = z.object({ characterId: z.string().min(1).max(100) });
const day = z.coerce.number().int().min(1).max(MAX_DAYS).describe(`Story day, 1 to the storyline's number of days (${MIN_DAYS} to ${MAX_DAYS})`);

/** A Stripe event as Stripe posts it; verified by its signature, not by this schema. */
const ZStripeEvent = z.object({ id: z.string(), type: z.string(), data: z.object({ object: z.record(z.string(), z.unknown()) }) });
const ZWebhookAck = z.object({ received: z.literal(true) }).loose();
const ZLive = z.object({ status: z.literal('ok') });
const ZReady = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['pglite', 'postgres', 'down']),
  live: z.enum(['redis', 'memory', 'down']),
});
const ZHealth = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.string(),
  live: z.string(),
  // Which instance answered and its memory: only for an admin's token.
  instance: z.string().optional(),
  memory: z.object({ rss: z.number(), heapUsed: z.number(), external: z.number() }).optional(),
});

/**
 * The HTTP routes that are not game commands, with their request and response schemas, keyed `METHOD path` as
 * Fastify registers it. The game commands' entries come from the command table (command-schemas.ts).
 */
export const OTHER_ROUTE_SCHEMAS: Record<string, RouteSchema> = {
  // ---- operations
  'GET /api/health': { summary: 'Health; with an admin token also the instance and its memory figures (benchmarks)', tag: 'operations', auth: 'none', query: z.object({ gc: z.literal('1').optional() }), response: ZHealth },
  'GET /api/health/live': { summary: 'Liveness: the process serves HTTP', tag: 'operations', auth: 'none', response: ZLive },
  'GET /api/health/ready': { summary: 'Readiness: the database and the live store answer (503 otherwise)', tag: 'operations', auth: 'none', response: ZReady },
  'GET /metrics': { summary: 'Prometheus metrics (monitoring addresses, METRICS_TOKEN or an admin token)', tag: 'operations', auth: 'metrics', response: null },
  'GET /api/openapi.json': { summary: 'This document', tag: 'operations', auth: 'none', response: z.object({ openapi: z.string() }).loose() },
  'GET /api/docs': { summary: 'Readable API reference (HTML)', tag: 'operations', auth: 'none', response: null },
  'GET /api/docs/docs.css': { summary: 'Stylesheet of the API reference', tag: 'operations', auth: 'none', response: null },

  // ---- accounts
  'POST /api/auth/signup': { summary: 'Create a host account', tag: 'accounts', auth: 'none', body: ZSignupRequest, status: 201, response: ZAuthResponse },
  'POST /api/auth/login': { summary: 'Sign in as a host', tag: 'accounts', auth: 'none', body: ZLoginRequest, response: ZAuthResponse },
  'POST /api/auth/sign-in-link': { summary: 'Mail a one-time sign-in link to the account (answered alike for any address)', tag: 'accounts', auth: 'none', body: ZSignInLinkRequest, status: 202, response: ZSignInLinkResponse },
  'POST /api/auth/sign-in-link/redeem': { summary: 'Sign in with a sign-in link', tag: 'accounts', auth: 'none', body: ZMailLinkRedeem, response: ZAuthResponse },
  'POST /api/auth/player-token': { summary: 'A seat token for a player of the game (the host playing a seat, or the player)', tag: 'accounts', auth: 'any', body: ZPlayerTokenRequest, response: ZPlayerTokenResponse },

  // ---- storylines
  'GET /api/storylines': { summary: 'Storylines on sale', tag: 'storylines', auth: 'none', response: ZStorylineList },
  'GET /api/storylines/:id/cases': { summary: "A storyline's cases by number, titled once the caller finished one", tag: 'storylines', auth: 'user', params: z.object({ id: z.string() }), response: ZStorylineCases },
  'GET /api/storylines/:id/host-guide.pdf': { summary: 'The printable host guide (PDF: overview, setup, timings, phase notes, hint cards; no answers) for a user who may host the storyline', tag: 'storylines', auth: 'user', params: z.object({ id: z.string() }), response: null },
  'GET /api/storylines/:id/pricing-tiers': { summary: 'Pricing tiers of a storyline', tag: 'storylines', auth: 'none', params: z.object({ id: z.string() }), response: ZPricingTierList },
  'GET /api/characters/storyline/:storylineId': { summary: 'Public cast of a storyline', tag: 'storylines', auth: 'any', params: z.object({ storylineId: z.string().min(1).max(100) }), response: ZPublicCharacterList },
  'GET /api/characters/:characterId': { summary: 'A character: private parts only to its holder', tag: 'play', auth: 'any', params: characterParams, response: ZCharacterDetail },
  'GET /api/characters/:characterId/day/:n': {
    summary: "A character's content for a day the host has reached",
    tag: 'play',
    auth: 'any',
    params: characterParams.extend({ n: day }),
    query: z.object({ gameId: z.uuid().optional() }),
    response: ZDayContent,
  },

  // ---- games
  'POST /api/games': { summary: 'Create a game (needs an entitlement)', tag: 'games', auth: 'user', body: ZCreateGameRequest, status: 201, response: ZCreateGameResponse },
  'POST /api/games/rejoin': { summary: 'Ask for a seat back by room code and name: granted with the seat PIN (or in testing mode), else pending host approval (202)', tag: 'seats', auth: 'none', body: ZSeatRejoinRequest, response: ZRejoinAnswer },
  'POST /api/games/rejoin/claim': { summary: 'A pending rejoin asks whether the host has answered', tag: 'seats', auth: 'none', body: ZRejoinClaimRequest, response: ZRejoinClaimAnswer },
  'POST /api/games/:id/seat-moves/redeem': { summary: 'A new phone redeems a seat-move code; older tokens of the seat are revoked', tag: 'seats', auth: 'none', params: gameParams, body: ZRedeemSeatMoveRequest, response: ZSeatGranted },
  'POST /api/games/:joinCode/watch': { summary: 'A late arrival (the game has started) watches and waits for the host to deal them a seat', tag: 'table', auth: 'none', params: z.object({ joinCode: z.string().min(1).max(6) }), body: ZWatchRequest, status: 201, response: ZWatchAnswer },
  'POST /api/games/late-arrivals/claim': { summary: 'A watching late arrival asks whether the host has seated them (the token and PIN, once)', tag: 'table', auth: 'none', body: ZLateSeatClaimRequest, response: ZLateSeatClaimAnswer },
  'GET /api/games/:id/host-kit': { summary: "The host's phase notes and hint cards for the game's storyline (host, co-host or acting host only)", tag: 'table', auth: 'any', params: gameParams, response: ZHostKitResponse },
  'GET /api/games/:id/answer-sheet': { summary: "The case's answer sheet, for every seat and the host once the final vote closed and the reveal named the killer", tag: 'table', auth: 'any', params: gameParams, response: ZAnswerSheetResponse },
  'GET /api/games/:id/replay': { summary: 'Case-file replay from the event log (completed games only)', tag: 'table', auth: 'any', params: gameParams, response: ZReplayResponse },
  'POST /api/games/:joinCode/join': { summary: 'Join a game by room code', tag: 'games', auth: 'none', params: z.object({ joinCode: z.string().min(1).max(6) }), body: ZJoinRequest, status: 201, response: ZJoinWithPinResponse },
  'GET /api/games/:id': {
    summary: 'The game as the caller sees it. ETag/If-None-Match; `waitForVersion` long-polls until the room passes that version (304 when the wait runs out)',
    tag: 'games',
    auth: 'any',
    params: gameParams,
    query: ZPollQuery,
    response: ZGameView,
    conditional: true,
  },
  'GET /api/games/:id/players': { summary: 'Seats with presence. ETag/If-None-Match', tag: 'games', auth: 'any', params: gameParams, response: ZPlayersResponse, conditional: true },
  'GET /api/games/:id/my-character': { summary: "The caller's own seat with its secrets. ETag/If-None-Match", tag: 'games', auth: 'any', params: gameParams, response: ZMyCharacterResponse, conditional: true },
  'GET /api/games/:id/characters': { summary: 'Cast for assignment (host)', tag: 'games', auth: 'any', params: gameParams, query: z.object({ playerCount: z.coerce.number().int().min(1).max(20).optional() }), response: ZCharactersResponse },
  'GET /api/dashboard/active-games': { summary: "The host's games not yet completed", tag: 'games', auth: 'user', response: ZDashboardGames },
  'GET /api/dashboard/completed-games': { summary: "The host's completed games", tag: 'games', auth: 'user', response: ZDashboardGames },

  // ---- play and voting
  'GET /api/games/:id/notes': { summary: "The caller's private notes", tag: 'play', auth: 'any', params: gameParams, response: ZPlayerNotes },
  'PUT /api/games/:id/notes': { summary: "Replace the caller's private notes", tag: 'play', auth: 'any', params: gameParams, body: ZPutPlayerNotes, response: ZPlayerNotes },
  'GET /api/games/:id/voting-results': { summary: 'Suspect vote progress, then the top 3. ETag/If-None-Match', tag: 'voting', auth: 'any', params: gameParams, response: ZVotingResults, conditional: true },
  'GET /api/games/:id/final-results': { summary: 'Final vote progress, then the verdict. ETag/If-None-Match', tag: 'voting', auth: 'any', params: gameParams, response: ZFinalResults, conditional: true },
  'GET /api/games/:id/voting-breakdown': { summary: 'Who voted for whom (after the reveal)', tag: 'voting', auth: 'any', params: gameParams, response: ZVotingBreakdown },
  'GET /api/games/:id/results': { summary: 'Results of a completed game', tag: 'voting', auth: 'any', params: gameParams, response: ZGameResults },
  'GET /api/games/:id/player/:gamePlayerId/daily-vote/:day': { summary: "A player's own daily vote", tag: 'voting', auth: 'any', params: gameParams.extend({ gamePlayerId: z.uuid(), day }), response: ZDailyVote },
  'GET /api/games/:id/daily-votes/:day': { summary: 'All daily votes of a day (host)', tag: 'voting', auth: 'any', params: gameParams.extend({ day }), response: ZDailyVoteList },

  // ---- after the game
  'POST /api/games/:id/request-report': { summary: "E-mail the game report: to the host's account, or after a confirmation link to a player's address", tag: 'after game', auth: 'any', params: gameParams, body: ZReportRequest, status: 202, response: ZReportRequestResponse },
  'POST /api/reports/confirm': { summary: "Confirm a player's report address (the link mailed there)", tag: 'after game', auth: 'none', body: ZMailLinkRedeem, status: 202, response: ZReportRequestResponse },
  'POST /api/games/:id/feedback': { summary: 'Testing-mode feedback', tag: 'after game', auth: 'any', params: gameParams, body: ZFeedbackRequest, status: 201, response: ZOk },
  'POST /api/games/:id/survey': { summary: 'After-game survey', tag: 'after game', auth: 'any', params: gameParams, body: ZSurveyRequest, status: 201, response: ZSurveyResponse },
  'GET /api/games/:id/feedback/:gamePlayerId': { summary: "Whether the caller's own seat has given feedback", tag: 'after game', auth: 'any', params: gameParams.extend({ gamePlayerId: z.uuid() }), response: z.object({ given: z.boolean() }) },
  'GET /api/games/:id/survey/:gamePlayerId': { summary: "A player's survey", tag: 'after game', auth: 'any', params: gameParams.extend({ gamePlayerId: z.uuid() }), response: ZSurveyResponse },

  // ---- table screen and media
  'GET /api/tv/:joinCode': { summary: 'Table screen: the public view of a game by room code (counts only, no secrets)', tag: 'table screen', auth: 'none', params: z.object({ joinCode: z.string().min(4).max(10) }), response: ZTvSnapshot },
  'GET /media/:name': { summary: 'A storyline image by content hash (handed out only in authorised responses; covers and public portraits are public)', tag: 'media', auth: 'none', params: z.object({ name: z.string() }), response: null },

  // ---- purchases
  'GET /api/payments/config': { summary: 'Payment provider and publishable key', tag: 'purchases', auth: 'none', response: ZPaymentsConfig },
  'POST /api/payments/create-intent': { summary: 'Quote and start paying for a game', tag: 'purchases', auth: 'user', body: ZCreateIntentRequest, response: ZCreateIntentResponse },
  'POST /api/payments/create-prepurchase-intent': { summary: 'Quote and start buying a storyline tier', tag: 'purchases', auth: 'user', body: ZCreatePrepurchaseIntentRequest, response: ZCreatePrepurchaseIntentResponse },
  'POST /api/payments/dev/confirm-card': { summary: 'Dev provider only: pay with a test card number', tag: 'purchases', auth: 'user', body: ZDevConfirmCardRequest, response: ZDevConfirmCardResponse },
  'POST /api/payments/confirm': { summary: 'Record a succeeded payment', tag: 'purchases', auth: 'user', body: ZConfirmPaymentRequest, response: ZConfirmPaymentResponse },
  'POST /api/payments/webhook': { summary: 'Stripe webhook (signed with STRIPE_WEBHOOK_SECRET; each event handled once)', tag: 'purchases', auth: 'none', body: ZStripeEvent, response: ZWebhookAck },
  'GET /api/dashboard/purchased-storylines': { summary: "The host's purchases", tag: 'purchases', auth: 'user', response: ZPurchasedStorylineList },
  'POST /api/validate-discount-code': { summary: 'Check a discount code', tag: 'purchases', auth: 'none', body: ZValidateDiscountCodeRequest, response: ZValidateDiscountCodeResponse },
  'POST /api/use-discount-code': { summary: 'Redeem a discount code', tag: 'purchases', auth: 'user', body: ZUseDiscountCodeRequest, response: ZUseDiscountCodeResponse },

  // ---- admin
  'GET /api/admin/payment-disputes': { summary: 'Disputed payments (chargebacks), newest first', tag: 'admin', auth: 'admin', response: ZPaymentDisputeList },
  'GET /api/admin/discount-codes': { summary: 'All discount codes', tag: 'admin', auth: 'admin', response: ZDiscountCodeList },
  'POST /api/admin/discount-codes': { summary: 'Create a discount code', tag: 'admin', auth: 'admin', body: ZCreateDiscountCodeRequest, status: 201, response: ZDiscountCode },
  'DELETE /api/admin/discount-codes/:id': { summary: 'Deactivate a discount code', tag: 'admin', auth: 'admin', params: z.object({ id: z.uuid() }), response: ZDiscountCode },
  'GET /api/admin/storylines/:id/preview': {
    summary: "One seat's homepage (day 0) or day as its phone would receive it, on a game built in memory (nothing stored)",
    tag: 'admin',
    auth: 'admin',
    params: z.object({ id: z.string() }),
    query: ZSeatPreviewQuery,
    response: ZSeatPreview,
  },
  'GET /api/admin/suspect-voting-by-game-size': { summary: 'Suspect-vote analytics', tag: 'admin', auth: 'admin', response: ZSuspectVotingAnalytics },
  'GET /api/admin/daily-voting-by-game-size': { summary: 'Daily-vote analytics', tag: 'admin', auth: 'admin', response: ZDailyVotingAnalytics },
  'GET /api/admin/feedback-analytics': { summary: 'Feedback analytics', tag: 'admin', auth: 'admin', response: ZFeedbackAnalytics },
};

/**
 * Every HTTP route of the server with its schemas. The OpenAPI document is generated from this, and a test fails
 * when Fastify has a route missing here (or this names a route that does not exist).
 */
export const routeSchemas = (commands: CommandTable): Record<string, RouteSchema> => ({ ...OTHER_ROUTE_SCHEMAS, ...commandRouteSchemas(commands) });
export const ROUTE_SCHEMAS: Record<string, RouteSchema> = routeSchemas(COMMAND_TABLE);
