import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TGameView, TRejoinClaimAnswer, TSeatGranted, TSeatMoveTicket, TSeatPending } from '@ss/protocol';
import { TEST_MODE, emitAck, startServer, uniqueEmail, waitFor, type TestServer } from './harness.js';
import { createLobby, joinedSocket, type Lobby } from './game-setup.js';

const ADMIN = uniqueEmail('admin');
type ErrorBody = { error: string; reason?: string; message: string };

/** Seats belong to devices: the seat-takeover attacks of a cheating friend, and the honest ways back in. */
describe(`seats belong to devices (${TEST_MODE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_EMAILS: ADMIN, AUTH_RATE_LIMIT: '10000' } });
  });
  afterAll(async () => server?.close());

  const pinOf = (lobby: Lobby, i: number) => (lobby.players[i] as unknown as { pin: string }).pin;
  const rejoin = (lobby: Lobby, displayName: string, pin?: string) =>
    lobby.api<TSeatGranted | TSeatPending | ErrorBody>('POST', '/api/games/rejoin', { joinCode: lobby.joinCode, displayName, ...(pin ? { pin } : {}) });
  const claim = (lobby: Lobby, p: TSeatPending) =>
    lobby.api<TRejoinClaimAnswer | ErrorBody>('POST', '/api/games/rejoin/claim', { gameId: lobby.gameId, requestId: p.requestId, claimSecret: p.claimSecret });

  it('rejoin by name alone gets no token; host approval does, and the old token and socket are revoked', async () => {
    const lobby = await createLobby(server, ADMIN, 3);
    const victim = lobby.players[1]!;
    expect(pinOf(lobby, 1)).toMatch(/^\d{4}$/);
    const hostSocket = await joinedSocket(server, lobby.host.token, lobby.gameId);
    const oldPhone = await joinedSocket(server, victim.token, lobby.gameId);

    const asked = await rejoin(lobby, 'player 2');
    expect(asked.status).toBe(202);
    const pending = asked.body as TSeatPending;
    expect(pending.status).toBe('pending');
    expect(JSON.stringify(asked.body)).not.toContain('token');
    // The old phone still plays; the request is public to the table (the host answers it).
    expect((await lobby.api('GET', `/api/games/${lobby.gameId}`, undefined, victim.token)).status).toBe(200);
    const view = await lobby.api<TGameView>('GET', `/api/games/${lobby.gameId}`, undefined, lobby.host.token);
    expect(view.body.rejoinRequests).toEqual([expect.objectContaining({ requestId: pending.requestId, playerId: victim.playerId })]);
    expect((await claim(lobby, pending)).body).toEqual({ status: 'pending' });
    // A guessed claim secret collects nothing.
    const guessed = await claim(lobby, { ...pending, claimSecret: 'x'.repeat(43) });
    expect(guessed.status).toBe(404);

    // Another player cannot approve; the host can, with one tap (REST here, the socket twin below).
    const byPlayer = await lobby.api<ErrorBody>('POST', `/api/games/${lobby.gameId}/rejoin-requests`, { requestId: pending.requestId, approve: true }, lobby.players[0]!.token);
    expect(byPlayer.status).toBe(403);
    const moved = waitFor(oldPhone, 'seat:moved');
    const dropped = new Promise((r) => oldPhone.once('disconnect', r));
    const ack = await emitAck(hostSocket, 'seat:answer', { gameId: lobby.gameId, requestId: pending.requestId, approve: true });
    expect(ack.ok).toBe(true);
    expect(await moved).toEqual({ gameId: lobby.gameId, playerId: victim.playerId });
    await dropped;

    const stale = await lobby.api<ErrorBody>('GET', `/api/games/${lobby.gameId}`, undefined, victim.token);
    expect(stale.status).toBe(401);
    expect(stale.body.reason).toBe('SEAT_MOVED');
    const granted = (await claim(lobby, pending)).body as TSeatGranted;
    expect(granted.status).toBe('granted');
    expect(granted.playerId).toBe(victim.playerId);
    expect(granted.pin).toMatch(/^\d{4}$/);
    expect((await lobby.api('GET', `/api/games/${lobby.gameId}`, undefined, granted.token)).status).toBe(200);
    // The claim works once.
    expect((await claim(lobby, pending)).status).toBe(404);

    // The new phone's PIN brings the seat back at once (and revokes the approved phone's token).
    const byPin = await rejoin(lobby, 'Player 2', granted.pin);
    expect(byPin.status).toBe(200);
    const again = byPin.body as TSeatGranted;
    expect(again.status).toBe('granted');
    expect(again.pin).toBeUndefined();
    expect((await lobby.api('GET', `/api/games/${lobby.gameId}`, undefined, granted.token)).status).toBe(401);
    expect((await lobby.api('GET', `/api/games/${lobby.gameId}`, undefined, again.token)).status).toBe(200);

    // Neither a PIN nor a claim secret is ever written to the log.
    const log = JSON.stringify(await server.ctx.db.selectFrom('game_events').select('event').where('game_id', '=', lobby.gameId).execute());
    for (const secret of [pinOf(lobby, 0), pinOf(lobby, 1), granted.pin!, pending.claimSecret]) expect(log).not.toContain(`"${secret}"`);
    hostSocket.close();
  });

  it('wrong PINs slow down the address that sends them, never lock the seat; the host seat never rejoins by name', async () => {
    const lobby = await createLobby(server, ADMIN, 2);
    const pin = pinOf(lobby, 0);
    const wrong = pin === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++) {
      const r = await rejoin(lobby, 'Player 1', wrong);
      expect(r.status).toBe(403);
      expect((r.body as ErrorBody).reason).toBe('WRONG_PIN');
    }
    // This address waits now, even with the right PIN (it would otherwise be a free guess)...
    const slowed = await rejoin(lobby, 'Player 1', pin);
    expect(slowed.status).toBe(429);
    // ...and the seat itself is not locked: its state holds no count, its phone still works.
    expect((await lobby.api('GET', `/api/games/${lobby.gameId}`, undefined, lobby.players[0]!.token)).status).toBe(200);
    // Host approval still works.
    const pending = (await rejoin(lobby, 'Player 1')).body as TSeatPending;
    const ok = await lobby.api('POST', `/api/games/${lobby.gameId}/rejoin-requests`, { requestId: pending.requestId, approve: true }, lobby.host.token);
    expect(ok.status).toBe(200);
    expect(((await claim(lobby, pending)).body as TSeatGranted).status).toBe('granted');
    // A refused request says so to the asking phone.
    const second = (await rejoin(lobby, 'Player 2')).body as TSeatPending;
    await lobby.api('POST', `/api/games/${lobby.gameId}/rejoin-requests`, { requestId: second.requestId, approve: false }, lobby.host.token);
    expect((await claim(lobby, second)).body).toEqual({ status: 'denied' });
    const hostSeat = await rejoin(lobby, 'Hostess');
    expect((hostSeat.body as ErrorBody).reason).toBe('HOST_SEAT');
    const nobody = await rejoin(lobby, 'Nobody');
    expect(nobody.status).toBe(404);
  });

  it('a one-time seat-move code moves the seat to the phone that redeems it', async () => {
    const lobby = await createLobby(server, ADMIN, 2);
    const victim = lobby.players[0]!;
    const byPlayer = await lobby.api('POST', `/api/games/${lobby.gameId}/players/${victim.playerId}/move-ticket`, {}, lobby.players[1]!.token);
    expect(byPlayer.status).toBe(403);
    const t = await lobby.api<TSeatMoveTicket>('POST', `/api/games/${lobby.gameId}/players/${victim.playerId}/move-ticket`, {}, lobby.host.token);
    expect(t.status).toBe(200);
    expect(t.body.path).toBe(`/move-seat#g=${lobby.gameId}&t=${t.body.ticket}`);
    const oldPhone = await joinedSocket(server, victim.token, lobby.gameId);
    const moved = waitFor(oldPhone, 'seat:moved');
    const r = await lobby.api<TSeatGranted>('POST', `/api/games/${lobby.gameId}/seat-moves/redeem`, { ticket: t.body.ticket });
    expect(r.status).toBe(200);
    expect(r.body.playerId).toBe(victim.playerId);
    await moved;
    expect((await lobby.api('GET', `/api/games/${lobby.gameId}`, undefined, victim.token)).status).toBe(401);
    expect((await lobby.api('GET', `/api/games/${lobby.gameId}`, undefined, r.body.token)).status).toBe(200);
    expect((await lobby.api('POST', `/api/games/${lobby.gameId}/seat-moves/redeem`, { ticket: t.body.ticket })).status).toBe(404);
  });

  it('testing mode grants a rejoin by name directly', async () => {
    const lobby = await createLobby(server, ADMIN, 2, { isTestingMode: true });
    const r = await rejoin(lobby, 'Player 2');
    expect(r.status).toBe(200);
    const g = r.body as TSeatGranted;
    expect(g.status).toBe('granted');
    expect(g.playerId).toBe(lobby.players[1]!.playerId);
    expect((await lobby.api('GET', `/api/games/${lobby.gameId}`, undefined, g.token)).status).toBe(200);
  });
});
