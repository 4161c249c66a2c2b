import { randomUUID } from 'node:crypto';
import { apiFor, PASSWORD, signupHost, uniqueEmail, type Api, type TestServer } from './harness.js';
import { completedGame, startedGame, type PlayedGame } from './completed-game.js';
import { createLobby, playableStoryline, type Lobby } from './game-setup.js';

/** The callers of the security suite: each is who it says, relative to the game a request targets. */
export const ROLES = ['anonymous', 'playerOfAnotherGame', 'player', 'hostOfAnotherGame', 'host', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export interface Host {
  token: string;
  userId: string;
  email: string;
}

/** A host who is not an admin and has bought the storyline (the purchase row stands for a paid checkout). */
export async function payingHost(server: TestServer, api: Api, name: string): Promise<Host> {
  const host = await signupHost(api, { email: uniqueEmail(name), displayName: name });
  const storyline = await playableStoryline(api);
  const tier = await server.ctx.db
    .selectFrom('pricing_tiers')
    .selectAll()
    .where('storyline_id', '=', storyline.id)
    .orderBy('character_limit', 'desc')
    .executeTakeFirstOrThrow();
  await server.ctx.db
    .insertInto('purchases')
    .values({
      id: randomUUID(),
      user_id: host.userId,
      storyline_id: storyline.id,
      pricing_tier_id: tier.id,
      player_count: tier.max_players,
      amount_paid_cents: tier.price_cents,
      discount_code_id: null,
      provider: 'dev',
      payment_intent_id: null,
      purchased_at: new Date(),
    })
    .execute();
  return host;
}

export interface World {
  api: Api;
  host: Host;
  otherHost: Host;
  admin: Host;
  /** In setup, hosted by `host`, players joined, nobody assigned. */
  setup: Lobby;
  /** Started (phase 1), hosted by `host`, not in testing mode. */
  started: PlayedGame;
  /** Completed, hosted by `host`. */
  done: PlayedGame;
  /** Hosted by `otherHost`, with one player. */
  other: Lobby;
}

/** Builds the games every security test reads: none of them hosted by an admin. */
export async function buildWorld(server: TestServer, adminEmail: string): Promise<World> {
  const api = apiFor(server);
  const host = await payingHost(server, api, 'host');
  const otherHost = await payingHost(server, api, 'other-host');
  const adminSession = await api<{ token: string; user: { id: string } }>('POST', '/api/auth/signup', { displayName: 'Admin', email: adminEmail, password: PASSWORD });
  const admin = { token: adminSession.body.token, userId: adminSession.body.user.id, email: adminEmail };
  const setup = await createLobby(server, host.email, 3);
  const started = await startedGame(server, host.email, 6);
  await api('PATCH', `/api/games/${started.gameId}`, { action: 'set-phase', phase: 1, commandId: randomUUID() }, host.token);
  const done = await completedGame(server, host.email, 4, { finals: { 0: 1, 1: 2, 2: 1, 3: 1 } });
  const other = await createLobby(server, otherHost.email, 1);
  return { api, host, otherHost, admin, setup, started, done, other };
}

/** The token of each role for a request on a game hosted by `host`, whose seat `playerToken` is the player. */
export function tokensFor(w: World, playerToken: string): Record<Role, string | undefined> {
  return {
    anonymous: undefined,
    playerOfAnotherGame: w.other.players[0]!.token,
    player: playerToken,
    hostOfAnotherGame: w.otherHost.token,
    host: w.host.token,
    admin: w.admin.token,
  };
}
