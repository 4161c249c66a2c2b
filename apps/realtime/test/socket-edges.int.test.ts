import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as ioClient } from 'socket.io-client';
import { SocketRefusal, type TGameView } from '@ss/protocol';
import { startServer, TEST_MODE, uniqueEmail, waitFor, type TestServer } from './harness.js';
import { createLobby, joinedSocket } from './game-setup.js';

const ADMIN = uniqueEmail('admin');

describe(`socket edges (${TEST_MODE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_EMAILS: ADMIN, PUBLIC_URL: 'http://party.example' } });
  });
  afterAll(async () => server?.close());

  const connectWithOrigin = (token: string, origin: string) =>
    new Promise<boolean>((resolve) => {
      const s = ioClient(server.url, { auth: { token }, transports: ['websocket'], extraHeaders: { origin }, reconnection: false, forceNew: true });
      s.once('connect', () => {
        s.close();
        resolve(true);
      });
      s.once('connect_error', () => {
        s.close();
        resolve(false);
      });
    });

  it('accepts handshakes from PUBLIC_URL and refuses other origins', async () => {
    const lobby = await createLobby(server, ADMIN, 1);
    expect(await connectWithOrigin(lobby.players[0]!.token, 'http://party.example')).toBe(true);
    expect(await connectWithOrigin(lobby.players[0]!.token, 'http://evil.example')).toBe(false);
  });

  const refusal = (auth: Record<string, unknown>) =>
    new Promise<string>((resolve, reject) => {
      const s = ioClient(server.url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
      s.once('connect', () => {
        s.close();
        reject(new Error('the handshake was accepted'));
      });
      s.once('connect_error', (e) => {
        s.close();
        resolve(e.message);
      });
    });

  it('refuses a client that speaks another protocol version, with a code the client acts on', async () => {
    const lobby = await createLobby(server, ADMIN, 1);
    expect(await refusal({ token: lobby.players[0]!.token, protocol: 999 })).toBe(SocketRefusal.PROTOCOL_MISMATCH);
  });

  it('refuses a missing or forged token with the unauthorized code', async () => {
    const lobby = await createLobby(server, ADMIN, 1);
    expect(await refusal({})).toBe(SocketRefusal.UNAUTHORIZED);
    expect(await refusal({ token: `${lobby.players[0]!.token}x` })).toBe(SocketRefusal.UNAUTHORIZED);
  });

  it('drops a socket that sends a message over 64 KB and changes nothing', async () => {
    const lobby = await createLobby(server, ADMIN, 1);
    const socket = await joinedSocket(server, lobby.players[0]!.token, lobby.gameId);
    const gone = new Promise((r) => socket.once('disconnect', r));
    (socket as unknown as { emit(e: string, p: unknown): void }).emit('game:join', { gameId: lobby.gameId, pad: 'x'.repeat(70 * 1024) });
    await gone;
    const view = await lobby.api<TGameView>('GET', `/api/games/${lobby.gameId}`, undefined, lobby.host.token);
    expect(view.body.players).toHaveLength(2);
  });

  it('shows who is connected; a phone that drops is away but keeps its seat', async () => {
    const lobby = await createLobby(server, ADMIN, 2);
    const host = await joinedSocket(server, lobby.host.token, lobby.gameId);
    const p = lobby.players[0]!;
    const online = waitFor(host, 'presence:changed', (e) => e.playerId === p.playerId && e.online, 5000);
    const phone = await joinedSocket(server, p.token, lobby.gameId);
    await online;
    const away = waitFor(host, 'presence:changed', (e) => e.playerId === p.playerId && !e.online, 5000);
    phone.close();
    await away;
    const players = await lobby.api<{ id: string; isOnline: boolean }[]>('GET', `/api/games/${lobby.gameId}/players`, undefined, lobby.host.token);
    expect(players.body.find((x) => x.id === p.playerId)).toMatchObject({ isOnline: false });
    expect(players.body).toHaveLength(3);
    host.close();
  });
});
