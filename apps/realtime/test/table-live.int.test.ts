import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as ioClient, type Socket } from 'socket.io-client';
import { REVEAL_FIRST_WAIT_MS, TV_NAMESPACE, ZLateSeatClaimAnswer, ZTvSnapshot, ZWatchAnswer, type TGameView, type TTvSnapshot, type TvClientToServerEvents, type TvServerToClientEvents } from '@ss/protocol';
import { apiFor, emitAck, startServer, TEST_MODE, uniqueEmail, type Api, type ClientSocket, type TestServer } from './harness.js';
import { appendAsEngine } from './append-as-engine.js';
import { assignAll, createLobby, joinedSocket, type Lobby } from './game-setup.js';
import { startedGame, type PlayedGame } from './completed-game.js';
import { roomView, waitForView } from './room-view.js';

type TvSocket = Socket<TvServerToClientEvents, TvClientToServerEvents>;

/** A table screen that keeps every snapshot it is pushed (parsed as the web page parses them). */
function connectTv(server: TestServer, joinCode: string): Promise<{ socket: TvSocket; log: TTvSnapshot[] }> {
  const socket: TvSocket = ioClient(`${server.url}${TV_NAMESPACE}`, { auth: { joinCode }, transports: ['websocket'], reconnection: false, forceNew: true });
  const log: TTvSnapshot[] = [];
  socket.on('tv:snapshot', (s) => log.push(ZTvSnapshot.parse(s)));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, log }));
    socket.once('connect_error', reject);
  });
}

async function tvSnapshot(log: TTvSnapshot[], predicate: (s: TTvSnapshot) => boolean, timeoutMs = 5000): Promise<TTvSnapshot> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const hit = log.find(predicate);
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`timed out waiting for the table screen; last step ${JSON.stringify(log.at(-1)?.view.reveal)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe(`live table: late arrivals, the shared reveal, the host away (${TEST_MODE})`, () => {
  const ADMIN = uniqueEmail('live-admin');
  let server: TestServer;
  let api: Api;
  const sockets: { close(): unknown }[] = [];
  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_EMAILS: ADMIN } });
    api = apiFor(server);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.close();
  });
  const track = <T extends { close(): unknown }>(s: T) => (sockets.push(s), s);

  async function startedLobby(players: number): Promise<Lobby> {
    const lobby = await createLobby(server, ADMIN, players);
    await assignAll(lobby);
    expect((await api('PATCH', `/api/games/${lobby.gameId}`, { action: 'start', commandId: randomUUID() }, lobby.host.token)).status).toBe(200);
    return lobby;
  }

  it('a late arrival watches, is seated by the host with a free character of the cast at the new count, and collects the seat once', async () => {
    const lobby = await startedLobby(4);
    const hostPhone = track(await joinedSocket(server, lobby.host.token, lobby.gameId));
    // Joining a started game is refused; watching is offered instead.
    expect((await api('POST', `/api/games/${lobby.joinCode}/join`, { displayName: 'Latecomer' })).status).toBe(409);
    const arrivalSeen = waitForView(hostPhone, (e) => e.events.includes('late_arrival_watching'));
    const watched = await api('POST', `/api/games/${lobby.joinCode.toLowerCase()}/watch`, { displayName: 'Latecomer' });
    expect(watched.status).toBe(201);
    const w = ZWatchAnswer.parse(watched.body);
    const seen = (await arrivalSeen).game;
    expect(seen.lateArrivals).toEqual([expect.objectContaining({ arrivalId: w.arrivalId, displayName: 'Latecomer', status: 'watching' })]);
    expect(JSON.stringify(seen)).not.toContain(w.claimSecret);
    const free = seen.lateSeatCharacters ?? [];
    expect(free.length).toBeGreaterThan(0);
    expect(free.some((c) => seen.players.some((p) => p.characterId === c.id))).toBe(false);
    // A taken name, a wrong secret, and a claim before the seat: clear answers, nothing changes.
    expect((await api('POST', `/api/games/${lobby.joinCode}/watch`, { displayName: 'latecomer' })).status).toBe(409);
    expect((await api('POST', '/api/games/late-arrivals/claim', { gameId: w.gameId, arrivalId: w.arrivalId, claimSecret: 'y'.repeat(43) })).status).toBe(404);
    expect(ZLateSeatClaimAnswer.parse((await api('POST', '/api/games/late-arrivals/claim', { gameId: w.gameId, arrivalId: w.arrivalId, claimSecret: w.claimSecret })).body)).toEqual({ status: 'watching' });
    // A player may not seat anyone; the host does, over the socket, with a character of the list.
    const seatPath = `/api/games/${lobby.gameId}/late-arrivals/${w.arrivalId}/seat`;
    expect((await api('POST', seatPath, { characterId: free[0]!.id }, lobby.players[0]!.token)).status).toBe(403);
    const seated = waitForView(hostPhone, (e) => e.events.includes('late_arrival_seated'));
    expect((await emitAck(hostPhone, 'table:seat-late', { gameId: lobby.gameId, arrivalId: w.arrivalId, characterId: free[0]!.id, commandId: randomUUID() })).ok).toBe(true);
    expect((await seated).game.players).toHaveLength(6);
    const claim = ZLateSeatClaimAnswer.parse((await api('POST', '/api/games/late-arrivals/claim', { gameId: w.gameId, arrivalId: w.arrivalId, claimSecret: w.claimSecret })).body);
    if (claim.status !== 'granted') throw new Error('not granted');
    expect(claim.pin).toMatch(/^\d+$/);
    expect(claim.characterName).toBe(free[0]!.name);
    // Collected once: a second claim with the same secret is refused.
    expect((await api('POST', '/api/games/late-arrivals/claim', { gameId: w.gameId, arrivalId: w.arrivalId, claimSecret: w.claimSecret })).status).toBe(404);
    // The new seat is a Seeker with its character page open, like any player's.
    const mine = await api<{ hasAccess: boolean; team: string; character: { id: string } }>('GET', `/api/games/${lobby.gameId}/my-character`, undefined, claim.token);
    expect(mine.body).toMatchObject({ hasAccess: true, team: 'seeker', character: { id: free[0]!.id } });
    // After Day 1 nobody more is seated.
    const again = ZWatchAnswer.parse((await api('POST', `/api/games/${lobby.joinCode}/watch`, { displayName: 'Later still' })).body);
    for (const fromPhase of [0, 1]) expect((await api('PATCH', `/api/games/${lobby.gameId}`, { action: 'advance', fromPhase, commandId: randomUUID() }, lobby.host.token)).status).toBe(200);
    const late = await api<{ reason: string }>('POST', `/api/games/${lobby.gameId}/late-arrivals/${again.arrivalId}/seat`, { characterId: free[1]?.id ?? free[0]!.id }, lobby.host.token);
    expect(late.status).toBe(409);
    expect(late.body.reason).toBe('LATE_SEATING_CLOSED');
  });

  it('every phone and the table screen are at the same reveal step; the table screen names nobody before the host does; the pace goes on by itself', async () => {
    const game: PlayedGame = await startedGame(server, ADMIN, 6);
    const host = game.lobby.host.token;
    const tv = await connectTv(server, game.lobby.joinCode);
    track(tv.socket);
    const phones: ClientSocket[] = [];
    for (const s of game.seats) phones.push(track(await joinedSocket(server, s.token, game.gameId)));
    expect(phones).toHaveLength(6);
    expect((await api('PATCH', `/api/games/${game.gameId}`, { action: 'set-phase', phase: 6, commandId: randomUUID() }, host)).status).toBe(200);
    const view = (await api<TGameView>('GET', `/api/games/${game.gameId}`, undefined, host)).body;
    const killer = game.seats[game.killerSeat]!;
    const voters = game.seats.filter((s) => !view.players.find((p) => p.id === s.playerId)!.voteLost);
    const completed = Promise.all(phones.map((p) => waitForView(p, (e) => e.events.includes('game_completed'), 10_000)));
    for (const v of voters) {
      const accused = v === killer ? game.seats.find((s) => s !== killer)! : killer;
      expect((await api('POST', `/api/games/${game.gameId}/votes`, { phase: 99, suspectId: accused.playerId }, v.token)).status).toBe(201);
    }
    for (const e of await completed) {
      expect(e.game.reveal).toMatchObject({ step: 0, accusedPlayerId: null });
      expect(e.game.results).toBeNull();
    }
    const tvDone = await tvSnapshot(tv.log, (s) => s.view.status === 'completed', 10_000);
    expect(tvDone.view.verdict).toBeNull();
    expect(tvDone.view.reveal).toMatchObject({ step: 0, accused: null, shadows: null, story: null });
    expect(JSON.stringify([tvDone.view.verdict, tvDone.view.reveal])).not.toContain(killer.characterName);
    // A player cannot hurry the reveal before the automatic step is due.
    expect((await api<{ reason: string }>('POST', `/api/games/${game.gameId}/reveal`, { toStep: 1 }, game.seats[1]!.token)).body.reason).toBe('REVEAL_NOT_DUE');

    // Nobody taps: the server takes the room to the accused by itself, on every phone and the table screen.
    const auto = Promise.all(phones.map((p) => waitForView(p, (e) => e.game.reveal?.step === 1, REVEAL_FIRST_WAIT_MS + 40_000)));
    const autoViews = await auto;
    for (const e of autoViews) expect(e.game.reveal?.accusedPlayerId).toBeTruthy();
    const tv1 = await tvSnapshot(tv.log, (s) => s.view.reveal?.step === 1, 10_000);
    expect(tv1.view.reveal?.accused).toBeTruthy();
    expect(tv1.view.verdict).toBeNull();

    // The host drives the rest step by step (REST and socket); after each step all six phones and the screen agree.
    for (const step of [2, 3, 4]) {
      const moved = Promise.all(phones.map((p) => waitForView(p, (e) => e.game.reveal?.step === step, 10_000)));
      const res = step % 2 ? await emitAck(phones[0]!, 'table:reveal', { gameId: game.gameId, toStep: step, commandId: randomUUID() }) : { ok: (await api('POST', `/api/games/${game.gameId}/reveal`, { toStep: step }, host)).status === 200 };
      expect(res.ok).toBe(true);
      await moved;
      await tvSnapshot(tv.log, (s) => s.view.reveal?.step === step, 10_000);
      expect(new Set(phones.map((p) => roomView(p).reveal?.step))).toEqual(new Set([step]));
    }
    const tvEnd = tv.log.at(-1)!.view;
    expect(tvEnd.verdict?.killer).toContain(killer.characterName);
    expect(tvEnd.reveal?.shadows?.length).toBe(game.seats.filter((s) => s.team === 'shadow').length);
    expect(tvEnd.reveal?.story).toBeTruthy();
    expect(roomView(phones[3]!).results?.killerPlayerId).toBe(killer.playerId);
  }, REVEAL_FIRST_WAIT_MS + 120_000);


  it('a reveal whose timer was lost (the instance restarted) goes on when a phone asks for the overdue step', async () => {
    const game: PlayedGame = await startedGame(server, ADMIN, 6);
    const host = game.lobby.host.token;
    expect((await api('PATCH', `/api/games/${game.gameId}`, { action: 'set-phase', phase: 6, commandId: randomUUID() }, host)).status).toBe(200);
    const view = (await api<TGameView>('GET', `/api/games/${game.gameId}`, undefined, host)).body;
    const killer = game.seats[game.killerSeat]!;
    for (const v of game.seats.filter((s) => !view.players.find((p) => p.id === s.playerId)!.voteLost)) {
      const accused = v === killer ? game.seats.find((s) => s !== killer)! : killer;
      expect((await api('POST', `/api/games/${game.gameId}/votes`, { phase: 99, suspectId: accused.playerId }, v.token)).status).toBe(201);
    }
    // The log says the accused step was reached a minute ago by the pace, and no timer of this instance knows it
    // (as after a restart): the next step is overdue by the state's own clock.
    await appendAsEngine(server, game.gameId, [{ type: 'reveal_advanced', step: 1, at: Date.now() - 60_000, by: 'auto' }]);
    const phone = track(await joinedSocket(server, game.seats[2]!.token, game.gameId));
    expect(roomView(phone).reveal).toMatchObject({ step: 1 });
    expect(roomView(phone).reveal!.nextAt!).toBeLessThan(Date.now());
    // Any seat may ask for it; the first ask moves the room, a second (another phone) changes nothing.
    const asks = await Promise.all([game.seats[2]!, game.seats[3]!].map((s) => api('POST', `/api/games/${game.gameId}/reveal`, { toStep: 2 }, s.token)));
    expect(asks.map((a) => a.status)).toEqual([200, 200]);
    const after = (await api<TGameView>('GET', `/api/games/${game.gameId}`, undefined, host)).body;
    expect(after.reveal?.step).toBe(2);
    expect(after.results?.killerPlayerId).toBe(killer.playerId);
    const events = await server.ctx.db.selectFrom('game_events').select('type').where('game_id', '=', game.gameId).where('type', '=', 'reveal_advanced').execute();
    expect(events).toHaveLength(2);
    // The step after it is not due yet: a seat cannot hurry it.
    expect((await api<{ reason: string }>('POST', `/api/games/${game.gameId}/reveal`, { toStep: 3 }, game.seats[2]!.token)).body.reason).toBe('REVEAL_NOT_DUE');
  });

  it('an offline host is seen away by every phone; after a minute the co-host takes the controls over, and gives them back when the host returns', async () => {
    const lobby = await startedLobby(4);
    const [co, other] = lobby.players as [Lobby['players'][number], Lobby['players'][number]];
    expect((await api('POST', `/api/games/${lobby.gameId}/co-host`, { playerId: co.playerId }, lobby.host.token)).status).toBe(200);
    const coPhone = track(await joinedSocket(server, co.token, lobby.gameId));
    const otherPhone = track(await joinedSocket(server, other.token, lobby.gameId));
    const hostPhone = await joinedSocket(server, lobby.host.token, lobby.gameId);
    // The host's last phone leaves: the server tells the engine, and every phone learns since when.
    const away = waitForView(otherPhone, (e) => e.events.includes('host_presence_changed') && e.game.hostAwaySince !== null);
    hostPhone.close();
    const since = (await away).game.hostAwaySince!;
    expect(Math.abs(since - Date.now())).toBeLessThan(5000);
    // Too early: refused with its code.
    const early = await emitAck(coPhone, 'table:take-over', { gameId: lobby.gameId, commandId: randomUUID() });
    expect(!early.ok && early.error.reason).toBe('HOST_PRESENT');

    // A minute later (written as the engine would have noted it a minute ago).
    await appendAsEngine(server, lobby.gameId, [
      { type: 'host_presence_changed', online: true, at: Date.now() - 61_000 },
      { type: 'host_presence_changed', online: false, at: Date.now() - 61_000 },
    ]);
    // Only the co-host (not another player) takes over; then they drive the game.
    expect((await api<{ reason: string }>('POST', `/api/games/${lobby.gameId}/take-over`, {}, other.token)).body.reason).toBe('NOT_HOST');
    expect((await api('POST', `/api/games/${lobby.gameId}/take-over`, {}, co.token)).status).toBe(200);
    const after = (await api<TGameView>('GET', `/api/games/${lobby.gameId}`, undefined, other.token)).body;
    expect(after.actingHostPlayerId).toBe(co.playerId);
    expect((await emitAck(coPhone, 'game:patch', { gameId: lobby.gameId, action: 'advance', fromPhase: 0, commandId: randomUUID() })).ok).toBe(true);

    // The host's phone comes back: the controls return to the host.
    const back = track(await joinedSocket(server, lobby.host.token, lobby.gameId));
    const returned = await waitForView(back, (e) => e.game.hostAwaySince === null, 3000).catch(async () => ({ game: (await api<TGameView>('GET', `/api/games/${lobby.gameId}`, undefined, other.token)).body }));
    expect(returned.game).toMatchObject({ hostAwaySince: null, actingHostPlayerId: null, currentPhase: 1 });
  });
});
