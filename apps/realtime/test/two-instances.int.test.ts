import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TGameView } from '@ss/protocol';
import { apiFor, createServices, startServer, TEST_MODE, uniqueEmail, type SharedServices, type TestServer } from './harness.js';
import { assignAll, createLobby, joinedSocket } from './game-setup.js';
import { waitForView } from './room-view.js';

const ADMIN = uniqueEmail('admin');

// Two server processes' worth of app instances sharing one Postgres and one Redis (services mode only).
describe.runIf(TEST_MODE === 'services')('two instances on Postgres + Redis', () => {
  let services: SharedServices;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    services = await createServices('services');
    a = await startServer({ services, mode: 'services', env: { ADMIN_EMAILS: ADMIN, INSTANCE_ID: 'a' } });
    b = await startServer({ services, mode: 'services', env: { ADMIN_EMAILS: ADMIN, INSTANCE_ID: 'b' } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await services?.dispose();
  });

  it('pushes across instances and starts exactly once when both get the start', async () => {
    const lobby = await createLobby(a, ADMIN, 0);
    const hostSocket = await joinedSocket(a, lobby.host.token, lobby.gameId);
    const apiB = apiFor(b);
    const players = [];
    for (let i = 0; i < 4; i++) {
      const seen = waitForView(hostSocket, (e) => e.game.players.length === i + 2, 2000);
      const res = await apiB<{ token: string; playerId: string }>('POST', `/api/games/${lobby.joinCode}/join`, { displayName: `B${i}` });
      expect(res.status).toBe(201);
      await seen; // joined on B, pushed to the host on A
      players.push(res.body);
    }
    const playerSockets = await Promise.all(players.map((p) => joinedSocket(b, p.token, lobby.gameId)));
    await assignAll(lobby);
    const started = Promise.all(playerSockets.map((s) => waitForView(s, (e) => e.events.includes('game_started'), 2000)));
    const [ra, rb] = await Promise.all([
      apiFor(a)('PATCH', `/api/games/${lobby.gameId}`, { action: 'start' }, lobby.host.token),
      apiB('PATCH', `/api/games/${lobby.gameId}`, { action: 'start' }, lobby.host.token),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    await started;
    await new Promise((r) => setTimeout(r, 200));
    const viewA = await apiFor(a)<TGameView>('GET', `/api/games/${lobby.gameId}`, undefined, lobby.host.token);
    const viewB = await apiB<TGameView>('GET', `/api/games/${lobby.gameId}`, undefined, lobby.host.token);
    expect(viewA.body).toEqual(viewB.body);
    expect(viewA.body.status).toBe('in_progress');
    for (const s of [hostSocket, ...playerSockets]) s.close();
  });
});
