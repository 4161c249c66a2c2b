import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCapabilities, type TCapabilities, type TJoinAckData } from '@ss/protocol';
import { PASSWORD, TEST_MODE, apiFor, connectSocket, emitAck, startServer, uniqueEmail, type Api, type TestServer } from './harness.js';
import { createLobby, joinedSocket } from './game-setup.js';
import { startedGame, type PlayedGame } from './completed-game.js';
import { payingHost, type Host } from './security-fixtures.js';
import { waitForMe } from './room-view.js';

const ADMIN = uniqueEmail('door-admin');

type Caller = 'anonymous' | 'playerOfAnotherGame' | 'hostOfAnotherGame' | 'player' | 'coHost' | 'host' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'playerOfAnotherGame', 'hostOfAnotherGame', 'player', 'coHost', 'host', 'admin'];

/**
 * The auth door's per-game levels: each route of one game declares what the caller must be in it, the door reads
 * the game once and refuses the wrong caller with the status (and message) the handlers used to give.
 */
describe(`the auth door: per-game access (${TEST_MODE})`, () => {
  let server: TestServer;
  let api: Api;
  let game: PlayedGame;
  let host: Host;
  let tokens: Record<Caller, string | undefined>;
  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_EMAILS: ADMIN } });
    api = apiFor(server);
    host = await payingHost(server, api, 'door-host');
    const otherHost = await payingHost(server, api, 'door-other');
    const admin = await api<{ token: string }>('POST', '/api/auth/signup', { displayName: 'Admin', email: ADMIN, password: PASSWORD });
    game = await startedGame(server, host.email, 5);
    const other = await createLobby(server, otherHost.email, 1);
    const named = await api('POST', `/api/games/${game.gameId}/co-host`, { playerId: game.seats[2]!.playerId, commandId: randomUUID() }, host.token);
    expect(named.status).toBe(200);
    tokens = {
      anonymous: undefined,
      playerOfAnotherGame: other.players[0]!.token,
      hostOfAnotherGame: otherHost.token,
      player: game.seats[1]!.token,
      coHost: game.seats[2]!.token,
      host: host.token,
      admin: admin.body.token,
    };
  });
  afterAll(async () => server?.close());

  async function statuses(method: 'GET' | 'POST', path: string, body?: unknown) {
    const out: Partial<Record<Caller, { status: number; message?: string; reason?: string }>> = {};
    for (const c of CALLERS) {
      const res = await api<{ message?: string; reason?: string }>(method, path, body, tokens[c]);
      out[c] = { status: res.status, message: res.body?.message, reason: res.body?.reason };
    }
    return out as Record<Caller, { status: number; message?: string; reason?: string }>;
  }
  const only = (r: Record<Caller, { status: number }>) => Object.fromEntries(CALLERS.map((c) => [c, r[c].status]));

  it('game-member (the game read): anyone the game knows; strangers and other games refused', async () => {
    const r = await statuses('GET', `/api/games/${game.gameId}`);
    expect(only(r)).toEqual({ anonymous: 401, playerOfAnotherGame: 403, hostOfAnotherGame: 403, player: 200, coHost: 200, host: 200, admin: 200 });
    expect(r.playerOfAnotherGame.message).toBe('This player token belongs to another game');
    expect(r.hostOfAnotherGame.message).toBe('You do not have access to this game');
    // An unknown game is a 404 for a caller with a token, before any seat is looked at.
    expect((await api('GET', `/api/games/${randomUUID()}`, undefined, tokens.player)).status).toBe(404);
  });

  it("game-seat (the caller's own seat): the host's seat yes, an admin without a seat no", async () => {
    const r = await statuses('GET', `/api/games/${game.gameId}/my-character`);
    expect(only(r)).toEqual({ anonymous: 401, playerOfAnotherGame: 403, hostOfAnotherGame: 403, player: 200, coHost: 200, host: 200, admin: 403 });
    expect(r.admin.message).toBe('Player not found in game');
  });

  it('game-host (the cast): the host or an admin; the co-host is a player here', async () => {
    const r = await statuses('GET', `/api/games/${game.gameId}/characters`);
    expect(only(r)).toEqual({ anonymous: 401, playerOfAnotherGame: 403, hostOfAnotherGame: 403, player: 403, coHost: 403, host: 200, admin: 200 });
    expect(r.player.message).toBe('Only the host can see the cast');
  });

  it('game-driver (the host notes): whoever drives the game now, the co-host included; not an admin', async () => {
    const r = await statuses('GET', `/api/games/${game.gameId}/host-kit`);
    const driverOk = r.host.status;
    expect([200, 404]).toContain(driverOk); // 404: a storyline without host notes; never a refusal
    expect(only(r)).toEqual({ anonymous: 401, playerOfAnotherGame: 403, hostOfAnotherGame: 403, player: 403, coHost: driverOk, host: driverOk, admin: 403 });
    expect(r.player.message).toBe('Only the host can read the host notes');
  });

  it("game-command (a table command): the engine's who, on the game's state: NOT_HOST for a seat, the host admitted", async () => {
    const r = await statuses('POST', `/api/games/${game.gameId}/co-host`, { playerId: game.seats[2]!.playerId });
    expect(only(r)).toEqual({ anonymous: 401, playerOfAnotherGame: 403, hostOfAnotherGame: 403, player: 403, coHost: 403, host: 200, admin: 403 });
    expect(r.player.reason).toBe('NOT_HOST');
  });

  it('the game read carries what the caller may do, from the engine: host, co-host, player, admin', async () => {
    const caps = async (c: Caller) => (await api<{ capabilities: TCapabilities }>('GET', `/api/games/${game.gameId}`, undefined, tokens[c])).body.capabilities;
    const [h, co, p, a] = [await caps('host'), await caps('coHost'), await caps('player'), await caps('admin')];
    for (const x of [h, co, p, a]) expect(Object.keys(x).sort()).toEqual(Object.keys(ZCapabilities.shape).sort());
    expect(h).toMatchObject({ drivePhases: true, assignCharacters: true, setCoHost: true, removePlayers: true });
    expect(co).toMatchObject({ drivePhases: true, pushHint: true, assignCharacters: false, setCoHost: false, removePlayers: false });
    expect(Object.values(p).some(Boolean)).toBe(false);
    expect(Object.values(a).some(Boolean)).toBe(false);
  });

  it('sockets: the same door for the game a socket follows, and the seat view carries its capabilities (pushed when they change)', async () => {
    const stranger = await connectSocket(server, tokens.playerOfAnotherGame);
    const refused = await emitAck<TJoinAckData>(stranger, 'game:join', { gameId: game.gameId });
    expect(refused.ok ? null : refused.error).toMatchObject({ status: 403, message: 'This player token belongs to another game' });
    const otherHost = await connectSocket(server, tokens.hostOfAnotherGame);
    const refusedHost = await emitAck<TJoinAckData>(otherHost, 'game:join', { gameId: game.gameId });
    expect(refusedHost.ok ? null : refusedHost.error).toMatchObject({ status: 403, message: 'You do not have access to this game' });

    const adminSocket = await connectSocket(server, tokens.admin);
    const asAdmin = await emitAck<TJoinAckData>(adminSocket, 'game:join', { gameId: game.gameId });
    expect(asAdmin.ok && asAdmin.data.me).toBe(null);

    const playerSocket = await connectSocket(server, tokens.player);
    const joined = await emitAck<TJoinAckData>(playerSocket, 'game:join', { gameId: game.gameId });
    if (!joined.ok) throw new Error(joined.error.message);
    expect(joined.data.me?.capabilities.drivePhases).toBe(false);
    playerSocket.disconnect();

    // The host names this player co-host: the player's own view is pushed with the new right.
    const watched = await joinedSocket(server, tokens.player!, game.gameId);
    const promoted = waitForMe(watched, (me) => me.capabilities.drivePhases);
    expect((await api('POST', `/api/games/${game.gameId}/co-host`, { playerId: game.seats[1]!.playerId, commandId: randomUUID() }, host.token)).status).toBe(200);
    expect((await promoted).capabilities).toMatchObject({ drivePhases: true, stepReveal: true, setCoHost: false });
    for (const s of [stranger, otherHost, adminSocket, watched]) s.disconnect();
  });
});
