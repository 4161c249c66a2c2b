import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, TEST_MODE, uniqueEmail } from './harness.js';
import { serverForSuite } from './suite-server.js';
import { buildWorld, ROLES, tokensFor, type Role, type World } from './security-fixtures.js';

const ADMIN = uniqueEmail('sec-admin');

interface Call {
  path: string;
  body?: unknown;
  /** The player of the game the call targets (default: a plain seat of the started game). */
  player?: string;
}

interface Row {
  /** Builds the request for one role (fresh fixtures where the call changes or consumes something). */
  call: (w: World, role: Role) => Promise<Call> | Call;
  expect: Record<Role, number> | ((w: World) => Record<Role, number>);
}

/** anonymous, player of another game, player, host of another game, host, admin. */
const s = (anonymous: number, playerOfAnotherGame: number, player: number, hostOfAnotherGame: number, host: number, admin: number): Record<Role, number> => ({
  anonymous,
  playerOfAnotherGame,
  player,
  hostOfAnotherGame,
  host,
  admin,
});

/** A seat of the started game that is neither the host's nor the detective's. */
const plainSeat = (w: World) => {
  const detective = w.started.content.roles?.detectiveCharacterId;
  return w.started.seats.find((x, i) => i > 0 && x.characterId !== detective)!;
};
const doneSeat = (w: World) => w.done.seats[1]!;
const joinFresh = async (w: World, lobbyCode: string) => {
  const res = await w.api<{ playerId: string; token: string }>('POST', `/api/games/${lobbyCode}/join`, { displayName: `J${randomUUID().slice(0, 8)}` });
  if (res.status !== 201) throw new Error(`join failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
const freshGame = async (w: World) => (await w.api<{ id: string; joinCode: string }>('POST', '/api/games', { storylineId: w.setup.storyline.id }, w.host.token)).body;

/**
 * Every route of the server with the status each caller gets. A route missing here fails the suite, so a new
 * endpoint cannot ship without its expectations.
 */
const MATRIX: Record<string, Row> = {
  'GET /api/health': { call: () => ({ path: '/api/health' }), expect: s(200, 200, 200, 200, 200, 200) },
  'GET /media/:name': {
    call: async (w) => ({ path: (await w.api<{ imageUrl: string }[]>('GET', '/api/storylines')).body[0]!.imageUrl }),
    expect: s(200, 200, 200, 200, 200, 200),
  },
  'POST /api/auth/signup': {
    call: () => ({ path: '/api/auth/signup', body: { displayName: 'New', email: uniqueEmail('new'), password: PASSWORD } }),
    expect: s(201, 201, 201, 201, 201, 201),
  },
  'POST /api/auth/login': { call: (w) => ({ path: '/api/auth/login', body: { email: w.host.email, password: PASSWORD } }), expect: s(200, 200, 200, 200, 200, 200) },
  'POST /api/auth/sign-in-link': { call: () => ({ path: '/api/auth/sign-in-link', body: { email: uniqueEmail('link') } }), expect: s(202, 202, 202, 202, 202, 202) },
  'POST /api/auth/sign-in-link/redeem': { call: () => ({ path: '/api/auth/sign-in-link/redeem', body: { token: 'x'.repeat(43) } }), expect: s(401, 401, 401, 401, 401, 401) },
  'POST /api/reports/confirm': { call: () => ({ path: '/api/reports/confirm', body: { token: 'x'.repeat(43) } }), expect: s(404, 404, 404, 404, 404, 404) },
  'GET /api/storylines': { call: () => ({ path: '/api/storylines' }), expect: s(200, 200, 200, 200, 200, 200) },
  // A host's own view of the cases (titled only once finished): any signed-in user, no player token.
  'GET /api/storylines/:id/cases': { call: (w) => ({ path: `/api/storylines/${w.setup.storyline.id}/cases` }), expect: s(401, 401, 401, 200, 200, 200) },
  'GET /api/storylines/:id/pricing-tiers': { call: (w) => ({ path: `/api/storylines/${w.setup.storyline.id}/pricing-tiers` }), expect: s(200, 200, 200, 200, 200, 200) },
  'POST /api/games': { call: (w) => ({ path: '/api/games', body: { storylineId: w.setup.storyline.id } }), expect: s(401, 403, 403, 201, 201, 201) },
  'POST /api/games/rejoin': {
    // A name alone only asks for the seat: pending host approval (202), never a token.
    call: (w) => ({ path: '/api/games/rejoin', body: { joinCode: w.setup.joinCode, displayName: w.setup.players[0]!.displayName } }),
    expect: s(202, 202, 202, 202, 202, 202),
  },
  'POST /api/games/rejoin/claim': {
    call: (w) => ({ path: '/api/games/rejoin/claim', body: { gameId: w.setup.gameId, requestId: randomUUID(), claimSecret: 'x'.repeat(43) } }),
    expect: s(404, 404, 404, 404, 404, 404),
  },
  'POST /api/games/:id/rejoin-requests': {
    call: (w) => ({ path: `/api/games/${w.started.gameId}/rejoin-requests`, body: { requestId: randomUUID(), approve: true } }),
    expect: s(401, 403, 403, 403, 404, 403),
  },
  'POST /api/games/:id/players/:playerId/move-ticket': {
    call: (w) => ({ path: `/api/games/${w.started.gameId}/players/${plainSeat(w).playerId}/move-ticket` }),
    expect: s(401, 403, 403, 403, 200, 403),
  },
  'POST /api/games/:id/seat-moves/redeem': {
    call: (w) => ({ path: `/api/games/${w.started.gameId}/seat-moves/redeem`, body: { ticket: 'x'.repeat(43) } }),
    expect: s(404, 404, 404, 404, 404, 404),
  },
  // Clearing the co-host changes nothing here, so later rows see the same game.
  'POST /api/games/:id/co-host': { call: (w) => ({ path: `/api/games/${w.started.gameId}/co-host`, body: { playerId: null } }), expect: s(401, 403, 403, 403, 200, 403) },
  // Defences belong to the final vote; this game is on Day 1.
  'POST /api/games/:id/defences': {
    call: (w) => ({ path: `/api/games/${w.started.gameId}/defences`, body: { suspectPlayerId: w.started.seats[2]!.playerId } }),
    expect: s(401, 403, 403, 403, 409, 403),
  },
  // Ending when no defence runs changes nothing and answers the game (a repeated tap is harmless).
  'POST /api/games/:id/defences/end': { call: (w) => ({ path: `/api/games/${w.started.gameId}/defences/end`, body: {} }), expect: s(401, 403, 403, 403, 200, 403) },
  // Dealing is for the lobby; this game has started.
  'POST /api/games/:id/deal': { call: (w) => ({ path: `/api/games/${w.started.gameId}/deal`, body: {} }), expect: s(401, 403, 403, 403, 409, 403) },
  'GET /api/games/:id/replay': { call: (w) => ({ path: `/api/games/${w.done.gameId}/replay`, player: doneSeat(w).token }), expect: s(401, 403, 200, 403, 200, 200) },
  'GET /api/tv/:joinCode': { call: (w) => ({ path: `/api/tv/${w.setup.joinCode}` }), expect: s(200, 200, 200, 200, 200, 200) },
  // Operations: public probes and documents; metrics answer the loopback address (METRICS_ALLOW's default).
  'GET /api/health/live': { call: () => ({ path: '/api/health/live' }), expect: s(200, 200, 200, 200, 200, 200) },
  'GET /api/health/ready': { call: () => ({ path: '/api/health/ready' }), expect: s(200, 200, 200, 200, 200, 200) },
  'GET /metrics': { call: () => ({ path: '/metrics' }), expect: s(200, 200, 200, 200, 200, 200) },
  'GET /api/openapi.json': { call: () => ({ path: '/api/openapi.json' }), expect: s(200, 200, 200, 200, 200, 200) },
  'GET /api/docs': { call: () => ({ path: '/api/docs' }), expect: s(200, 200, 200, 200, 200, 200) },
  'GET /api/docs/docs.css': { call: () => ({ path: '/api/docs/docs.css' }), expect: s(200, 200, 200, 200, 200, 200) },
  'GET /api/admin/payment-disputes': { call: () => ({ path: '/api/admin/payment-disputes' }), expect: s(401, 401, 401, 403, 403, 200) },
  'POST /api/games/:joinCode/join': {
    call: async (w) => ({ path: `/api/games/${(await freshGame(w)).joinCode}/join`, body: { displayName: `N${randomUUID().slice(0, 8)}` } }),
    expect: s(201, 201, 201, 201, 201, 201),
  },
  // Late arrivals, the shared reveal and the take-over (table-live).
  'POST /api/games/:joinCode/watch': {
    call: (w) => ({ path: `/api/games/${w.started.lobby.joinCode}/watch`, body: { displayName: `W${randomUUID().slice(0, 8)}` } }),
    expect: s(201, 201, 201, 201, 201, 201),
  },
  'POST /api/games/late-arrivals/claim': {
    call: (w) => ({ path: '/api/games/late-arrivals/claim', body: { gameId: w.started.gameId, arrivalId: randomUUID(), claimSecret: 'x'.repeat(43) } }),
    expect: s(404, 404, 404, 404, 404, 404),
  },
  'POST /api/games/:id/late-arrivals/:arrivalId/seat': {
    call: (w) => ({ path: `/api/games/${w.started.gameId}/late-arrivals/${randomUUID()}/seat`, body: { characterId: 'nobody' } }),
    expect: s(401, 403, 403, 403, 404, 403),
  },
  // The finished game is at the reveal's end: a step already reached changes nothing for anyone at the table.
  'POST /api/games/:id/reveal': { call: (w) => ({ path: `/api/games/${w.done.gameId}/reveal`, body: { toStep: 1 }, player: doneSeat(w).token }), expect: s(401, 403, 200, 403, 200, 403) },
  // The host is connected: nobody may take the controls over.
  'POST /api/games/:id/take-over': { call: (w) => ({ path: `/api/games/${w.started.gameId}/take-over`, body: {} }), expect: s(401, 403, 403, 403, 403, 403) },
  // The host plays blind: outside testing mode no token for another seat, only an admin (by database role) gets one.
  'POST /api/auth/player-token': {
    call: (w) => ({ path: '/api/auth/player-token', body: { gameId: w.started.gameId, gamePlayerId: plainSeat(w).playerId } }),
    expect: s(401, 403, 200, 403, 403, 200),
  },
  'GET /api/games/:id': { call: (w) => ({ path: `/api/games/${w.started.gameId}` }), expect: s(401, 403, 200, 403, 200, 200) },
  'GET /api/games/:id/players': { call: (w) => ({ path: `/api/games/${w.started.gameId}/players` }), expect: s(401, 403, 200, 403, 200, 200) },
  'GET /api/games/:id/my-character': { call: (w) => ({ path: `/api/games/${w.started.gameId}/my-character` }), expect: s(401, 403, 200, 403, 200, 403) },
  'PATCH /api/games/:id': {
    call: (w) => ({ path: `/api/games/${w.setup.gameId}`, body: { action: 'set-expected-players', expectedPlayers: 6 }, player: w.setup.players[0]!.token }),
    expect: s(401, 403, 403, 403, 200, 403),
  },
  'DELETE /api/games/:id': {
    call: async (w) => {
      const g = await freshGame(w);
      const p = await joinFresh(w, g.joinCode);
      return { path: `/api/games/${g.id}`, player: p.token };
    },
    expect: s(401, 403, 403, 403, 200, 403),
  },
  'DELETE /api/games/:id/players/:playerId': {
    call: async (w) => {
      const g = await freshGame(w);
      const [p, other] = [await joinFresh(w, g.joinCode), await joinFresh(w, g.joinCode)];
      return { path: `/api/games/${g.id}/players/${p.playerId}`, player: other.token };
    },
    expect: s(401, 403, 403, 403, 200, 403),
  },
  'GET /api/games/:id/characters': { call: (w) => ({ path: `/api/games/${w.setup.gameId}/characters`, player: w.setup.players[0]!.token }), expect: s(401, 403, 403, 403, 200, 200) },
  'POST /api/games/:id/assign-character': {
    call: async (w) => {
      const g = await freshGame(w);
      const p = await joinFresh(w, g.joinCode);
      const cast = await w.api<{ characters: { id: string }[] }>('GET', `/api/games/${g.id}/characters`, undefined, w.host.token);
      return { path: `/api/games/${g.id}/assign-character`, body: { playerId: p.playerId, characterId: cast.body.characters[0]!.id }, player: p.token };
    },
    expect: s(401, 403, 403, 403, 200, 403),
  },
  'POST /api/games/:id/unassign-character': {
    call: (w) => ({ path: `/api/games/${w.setup.gameId}/unassign-character`, body: { playerId: w.setup.players[2]!.playerId }, player: w.setup.players[0]!.token }),
    expect: s(401, 403, 403, 403, 200, 403),
  },
  'GET /api/dashboard/active-games': { call: () => ({ path: '/api/dashboard/active-games' }), expect: s(401, 401, 401, 200, 200, 200) },
  'GET /api/dashboard/completed-games': { call: () => ({ path: '/api/dashboard/completed-games' }), expect: s(401, 401, 401, 200, 200, 200) },
  'POST /api/games/:id/request-report': {
    call: (w) => ({ path: `/api/games/${w.done.gameId}/request-report`, body: { email: uniqueEmail('report') }, player: doneSeat(w).token }),
    expect: s(401, 403, 202, 403, 202, 403),
  },
  'POST /api/games/:id/feedback': {
    call: (w, role) => ({
      path: `/api/games/${w.done.gameId}/feedback`,
      body: { gamePlayerId: role === 'host' ? w.done.seats[0]!.playerId : doneSeat(w).playerId, enjoymentRating: 4, theoryFormationDay: 'day2', standoutMoments: 'The jetty', wouldPlayAnother: 'yes' },
      player: doneSeat(w).token,
    }),
    // Feedback is for testing or feedback-mode games only; this paid game is neither.
    expect: s(401, 403, 403, 403, 403, 403),
  },
  'POST /api/games/:id/survey': {
    call: (w, role) => ({
      path: `/api/games/${w.done.gameId}/survey`,
      body: {
        gamePlayerId: role === 'host' ? w.done.seats[0]!.playerId : doneSeat(w).playerId,
        wouldRecommend: true,
        wouldPlayAgain: true,
        interestedInOtherStorylines: false,
        ...Object.fromEntries(['overallRating', 'storylineRating', 'characterRating', 'difficultyRating', 'paceRating', 'mysteryEngagement', 'characterSatisfaction', 'characterClarityRating', 'votingSystemRating', 'evidenceQualityRating'].map((k) => [k, 4])),
      },
      player: doneSeat(w).token,
    }),
    expect: s(401, 403, 201, 403, 201, 403),
  },
  'GET /api/games/:id/feedback/:gamePlayerId': {
    call: (w) => ({ path: `/api/games/${w.done.gameId}/feedback/${doneSeat(w).playerId}`, player: doneSeat(w).token }),
    expect: s(401, 403, 200, 403, 403, 403),
  },
  'GET /api/games/:id/survey/:gamePlayerId': {
    call: (w) => ({ path: `/api/games/${w.done.gameId}/survey/${doneSeat(w).playerId}`, player: doneSeat(w).token }),
    expect: s(401, 403, 200, 403, 403, 403),
  },
  'GET /api/admin/suspect-voting-by-game-size': { call: () => ({ path: '/api/admin/suspect-voting-by-game-size' }), expect: s(401, 403, 403, 403, 403, 200) },
  'GET /api/admin/daily-voting-by-game-size': { call: () => ({ path: '/api/admin/daily-voting-by-game-size' }), expect: s(401, 403, 403, 403, 403, 200) },
  'GET /api/admin/feedback-analytics': { call: () => ({ path: '/api/admin/feedback-analytics' }), expect: s(401, 403, 403, 403, 403, 200) },
  'GET /api/admin/storylines/:id/preview': { call: (w) => ({ path: `/api/admin/storylines/${w.setup.storyline.id}/preview?day=1` }), expect: s(401, 403, 403, 403, 403, 200) },
  // The host kit: notes and hints for the host side of this game only; the answer sheet for this game's people once
  // the reveal has named the killer; the printable guide for whoever may host the storyline.
  'POST /api/games/:id/hints': {
    call: (w) => ({ path: `/api/games/${w.started.gameId}/hints`, body: { hintId: 'no-such-hint', commandId: randomUUID() } }),
    expect: s(401, 403, 403, 403, 404, 403),
  },
  'GET /api/games/:id/host-kit': { call: (w) => ({ path: `/api/games/${w.started.gameId}/host-kit` }), expect: s(401, 403, 403, 403, 200, 403) },
  'GET /api/games/:id/answer-sheet': {
    call: (w) => ({ path: `/api/games/${w.done.gameId}/answer-sheet`, player: doneSeat(w).token }),
    expect: s(401, 403, 200, 403, 200, 200),
  },
  // The other host owns the storyline too (they host a game of it).
  'GET /api/storylines/:id/host-guide.pdf': { call: (w) => ({ path: `/api/storylines/${w.setup.storyline.id}/host-guide.pdf` }), expect: s(401, 403, 403, 200, 200, 200) },
  'GET /api/characters/storyline/:storylineId': { call: (w) => ({ path: `/api/characters/storyline/${w.setup.storyline.id}` }), expect: s(401, 200, 200, 200, 200, 200) },
  // Another seat's day: the same 404 for everybody but its own player, the host included.
  'GET /api/characters/:characterId/day/:n': {
    call: (w) => ({ path: `/api/characters/${plainSeat(w).characterId}/day/1?gameId=${w.started.gameId}` }),
    expect: s(401, 404, 200, 404, 404, 404),
  },
  'GET /api/characters/:characterId': { call: (w) => ({ path: `/api/characters/${plainSeat(w).characterId}` }), expect: s(401, 200, 200, 200, 200, 200) },
  'GET /api/games/:id/notes': { call: (w) => ({ path: `/api/games/${w.started.gameId}/notes` }), expect: s(401, 403, 200, 403, 200, 403) },
  'PUT /api/games/:id/notes': { call: (w) => ({ path: `/api/games/${w.started.gameId}/notes`, body: { body: 'my theory' } }), expect: s(401, 403, 200, 403, 200, 403) },
  // Only the detective removes votes; the player and the host here are not the detective.
  'POST /api/games/:id/remove-vote': {
    call: (w) => ({ path: `/api/games/${w.started.gameId}/remove-vote`, body: { playerId: w.started.seats[2]!.playerId } }),
    expect: (w) => s(401, 403, 403, 403, w.started.content.roles?.detectiveCharacterId === w.started.seats[0]!.characterId ? 200 : 403, 403),
  },
  'POST /api/games/:id/suspect-votes': {
    call: (w) => ({ path: `/api/games/${w.started.gameId}/suspect-votes`, body: { suspects: w.started.seats.slice(2, 5).map((x) => x.playerId) } }),
    // Phase 1: the seats of the game are told it is not time yet; outsiders are refused.
    expect: s(401, 403, 409, 403, 409, 403),
  },
  'GET /api/games/:id/voting-results': { call: (w) => ({ path: `/api/games/${w.started.gameId}/voting-results` }), expect: s(401, 403, 200, 403, 200, 200) },
  'POST /api/games/:id/votes': {
    call: (w) => ({ path: `/api/games/${w.started.gameId}/votes`, body: { phase: 99, suspectId: w.started.seats[3]!.playerId } }),
    expect: s(401, 403, 409, 403, 409, 403),
  },
  'GET /api/games/:id/final-results': { call: (w) => ({ path: `/api/games/${w.done.gameId}/final-results`, player: doneSeat(w).token }), expect: s(401, 403, 200, 403, 200, 200) },
  'GET /api/games/:id/voting-breakdown': { call: (w) => ({ path: `/api/games/${w.done.gameId}/voting-breakdown`, player: doneSeat(w).token }), expect: s(401, 403, 200, 403, 200, 200) },
  'GET /api/games/:id/results': { call: (w) => ({ path: `/api/games/${w.done.gameId}/results`, player: doneSeat(w).token }), expect: s(401, 403, 200, 403, 200, 200) },
  'POST /api/games/:id/daily-vote': {
    call: (w) => ({ path: `/api/games/${w.started.gameId}/daily-vote`, body: { gamePlayerId: plainSeat(w).playerId, day: 1, suspectCharacterId: w.started.seats[3]!.characterId } }),
    // The daily tracker exists in testing-mode games only.
    expect: s(401, 403, 403, 403, 403, 403),
  },
  'GET /api/games/:id/player/:gamePlayerId/daily-vote/:day': {
    call: (w) => ({ path: `/api/games/${w.started.gameId}/player/${plainSeat(w).playerId}/daily-vote/1` }),
    expect: s(401, 403, 403, 403, 403, 403),
  },
  'GET /api/games/:id/daily-votes/:day': { call: (w) => ({ path: `/api/games/${w.started.gameId}/daily-votes/1` }), expect: s(401, 403, 403, 403, 403, 403) },
  'GET /api/payments/config': { call: () => ({ path: '/api/payments/config' }), expect: s(200, 200, 200, 200, 200, 200) },
  'POST /api/payments/create-intent': {
    call: async (w, role) => {
      const tiers = await w.api<{ id: string; minPlayers: number }[]>('GET', `/api/storylines/${w.setup.storyline.id}/pricing-tiers`);
      const userId = role === 'hostOfAnotherGame' ? w.otherHost.userId : role === 'admin' ? w.admin.userId : w.host.userId;
      return { path: '/api/payments/create-intent', body: { userId, storylineId: w.setup.storyline.id, pricingTierId: tiers.body[0]!.id, playerCount: tiers.body[0]!.minPlayers } };
    },
    expect: s(401, 401, 401, 200, 200, 200),
  },
  'POST /api/payments/create-prepurchase-intent': {
    call: async (w, role) => {
      const tiers = await w.api<{ id: string; minPlayers: number }[]>('GET', `/api/storylines/${w.setup.storyline.id}/pricing-tiers`);
      const userId = role === 'hostOfAnotherGame' ? w.otherHost.userId : role === 'admin' ? w.admin.userId : w.host.userId;
      const body = { userId, storylineId: w.setup.storyline.id, pricingTierId: tiers.body[0]!.id, playerCount: tiers.body[0]!.minPlayers, email: 'pre@example.com' };
      return { path: '/api/payments/create-prepurchase-intent', body };
    },
    // Prepurchase is for coming-soon storylines; this one is published (a 400 naming storylineId).
    expect: s(401, 401, 401, 400, 400, 400),
  },
  'POST /api/payments/dev/confirm-card': { call: () => ({ path: '/api/payments/dev/confirm-card', body: { paymentIntentId: 'dev_missing', cardNumber: '4242424242424242' } }), expect: s(401, 401, 401, 404, 404, 404) },
  'POST /api/payments/confirm': { call: () => ({ path: '/api/payments/confirm', body: { paymentIntentId: 'dev_missing' } }), expect: s(401, 401, 401, 404, 404, 404) },
  'GET /api/dashboard/purchased-storylines': { call: () => ({ path: '/api/dashboard/purchased-storylines' }), expect: s(401, 401, 401, 200, 200, 200) },
  // Without Stripe configured there is no webhook to accept.
  'POST /api/payments/webhook': { call: () => ({ path: '/api/payments/webhook', body: {} }), expect: s(404, 404, 404, 404, 404, 404) },
  'POST /api/validate-discount-code': { call: () => ({ path: '/api/validate-discount-code', body: { code: 'NOPE-NOPE' } }), expect: s(200, 200, 200, 200, 200, 200) },
  'POST /api/use-discount-code': { call: () => ({ path: '/api/use-discount-code', body: { code: 'NOPE-NOPE' } }), expect: s(401, 401, 401, 400, 400, 400) },
  'GET /api/admin/discount-codes': { call: () => ({ path: '/api/admin/discount-codes' }), expect: s(401, 401, 401, 403, 403, 200) },
  'POST /api/admin/discount-codes': { call: () => ({ path: '/api/admin/discount-codes', body: { name: 'Matrix', discountType: 'percentage', discountValue: 10, usageLimit: 5, daysValid: 7 } }), expect: s(401, 401, 401, 403, 403, 201) },
  'DELETE /api/admin/discount-codes/:id': { call: () => ({ path: `/api/admin/discount-codes/${randomUUID()}` }), expect: s(401, 401, 401, 403, 403, 404) },
  // The built web app (present when apps/web/dist exists): public pages.
  'GET /*': { call: () => ({ path: '/how-to-play' }), expect: s(200, 200, 200, 200, 200, 200) },
  'GET /join': { call: (w) => ({ path: `/join?gameId=${w.setup.joinCode}` }), expect: s(200, 200, 200, 200, 200, 200) },
};

describe(`security matrix: every route × every caller (${TEST_MODE})`, () => {
  const suite = serverForSuite({ env: { ADMIN_EMAILS: ADMIN } });
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(suite.server, ADMIN);
  }, 120_000);

  it('has an expectation for every route the server registers', () => {
    const missing = suite.server.routes.map((r) => `${r.method} ${r.url}`).filter((k) => !(k in MATRIX));
    expect(missing).toEqual([]);
  });

  it('answers each caller with the expected status', async () => {
    const got: Record<string, Record<Role, number>> = {};
    const want: Record<string, Record<Role, number>> = {};
    for (const { method, url } of suite.server.routes) {
      const key = `${method} ${url}`;
      const row = MATRIX[key]!;
      want[key] = typeof row.expect === 'function' ? row.expect(world) : row.expect;
      got[key] = {} as Record<Role, number>;
      for (const role of ROLES) {
        const call = await row.call(world, role);
        const token = tokensFor(world, call.player ?? plainSeat(world).token)[role];
        const res = await world.api(method, call.path, call.body, token);
        got[key][role] = res.status;
        if (process.env.SEC_DEBUG && res.status !== (typeof row.expect === 'function' ? row.expect(world) : row.expect)[role]) console.log(key, role, res.status, JSON.stringify(res.body).slice(0, 300));
      }
    }
    expect(got).toEqual(want);
  }, 180_000);
});
