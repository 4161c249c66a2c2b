import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as ioClient, type Socket } from 'socket.io-client';
import { TV_NAMESPACE, ZTvSnapshot, type TTvSnapshot, type TvClientToServerEvents, type TvServerToClientEvents } from '@ss/protocol';
import { TEST_MODE, uniqueEmail, type TestServer } from './harness.js';
import { serverForSuite } from './suite-server.js';
import { createLobby, assignAll, type Lobby } from './game-setup.js';

type TvSocket = Socket<TvServerToClientEvents, TvClientToServerEvents>;

/** Every snapshot a socket received, in order (recorded from the start, so none is missed between awaits). */
const received = new WeakMap<TvSocket, TTvSnapshot[]>();

function connectTv(server: TestServer, joinCode: string): Promise<TvSocket> {
  const socket: TvSocket = ioClient(`${server.url}${TV_NAMESPACE}`, { auth: { joinCode }, transports: ['websocket'], reconnection: false, forceNew: true });
  const log: TTvSnapshot[] = [];
  received.set(socket, log);
  // Parsed as the table screen parses it: a push it would reject counts as never received.
  socket.on('tv:snapshot', (s) => log.push(ZTvSnapshot.parse(s)));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** The first snapshot received from now on (or already received since the last call) that matches. */
async function nextSnapshot(socket: TvSocket, predicate: (s: TTvSnapshot) => boolean, timeoutMs = 5000): Promise<TTvSnapshot> {
  const log = received.get(socket)!;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const i = log.findIndex(predicate);
    if (i >= 0) {
      const hit = log[i]!;
      log.splice(0, i + 1);
      return hit;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for tv:snapshot; last: ${JSON.stringify(log.at(-1)?.view.currentPhase)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysOf(v, out);
    }
  }
  return out;
}

describe(`table screen (${TEST_MODE})`, () => {
  const ADMIN = uniqueEmail('tv-admin');
  const suite = serverForSuite({ env: { ADMIN_EMAILS: ADMIN } });
  const api = suite.api;
  let lobby: Lobby;
  const sockets: TvSocket[] = [];
  beforeAll(async () => {
    lobby = await createLobby(suite.server, ADMIN, 4);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
  });

  it('answers the public view by room code without a login, and 404 for an unknown or malformed code', async () => {
    const res = await api<TTvSnapshot>('GET', `/api/tv/${lobby.joinCode.toLowerCase()}`);
    expect(res.status).toBe(200);
    const snap = ZTvSnapshot.parse(res.body);
    expect(snap.view).toMatchObject({ gameId: lobby.gameId, joinCode: lobby.joinCode, status: 'setup', day: null, verdict: null });
    expect(snap.view.players).toHaveLength(5);
    expect((await api('GET', '/api/tv/ZZZZZZ')).status).toBe(404);
    expect((await api('GET', '/api/tv/not%20a%20code!')).status).toBe(400);
    await expect(connectTv(suite.server, 'ZZZZZZ')).rejects.toThrow(/not_found/);
  });

  it('follows every push with counts only: no team, secret, ballot or killer before the end', async () => {
    const tv = await connectTv(suite.server, lobby.joinCode);
    sockets.push(tv);
    const first = await nextSnapshot(tv, () => true);
    expect(first.view.status).toBe('setup');

    const assigned = nextSnapshot(tv, (s) => s.view.players.every((p) => p.character !== null));
    await assignAll(lobby);
    await assigned;

    const host = lobby.host.token;
    const patch = (body: Record<string, unknown>) => api('PATCH', `/api/games/${lobby.gameId}`, { ...body, commandId: randomUUID() }, host);
    const started = nextSnapshot(tv, (s) => s.view.status === 'in_progress');
    expect((await patch({ action: 'start' })).status).toBe(200);
    await started;

    const dayOne = nextSnapshot(tv, (s) => s.view.currentPhase === 1);
    expect((await patch({ action: 'advance', fromPhase: 0 })).status).toBe(200);
    const d1 = await dayOne;
    expect(d1.view.day).toMatchObject({ day: 1 });
    expect(d1.view.day?.date).toBeTruthy();

    for (let i = 1; i < 5; i++) expect((await patch({ action: 'advance', fromPhase: i })).status).toBe(200);
    const players = await api<{ id: string; displayName: string }[]>('GET', `/api/games/${lobby.gameId}/players`, undefined, host);
    const ids = players.body.map((p) => p.id);
    const voter = lobby.players[0]!;
    const others = ids.filter((id) => id !== voter.playerId).slice(0, 3);
    const counted = nextSnapshot(tv, (s) => s.view.currentPhase === 5 && s.view.suspectVoting.submittedCount === 1);
    expect((await api('POST', `/api/games/${lobby.gameId}/suspect-votes`, { suspects: others, commandId: randomUUID() }, voter.token)).status).toBe(200);
    const afterBallot = await counted;
    expect(afterBallot.view.suspectVoting).toEqual({ submittedCount: 1, eligibleCount: 5 });

    const keys = keysOf(afterBallot.view);
    for (const secret of ['team', 'secrets', 'killerCharacterId', 'tally', 'voterIds', 'suspects', 'isKiller', 'results', 'token', 'userId']) {
      expect(keys.has(secret), secret).toBe(false);
    }
    expect(afterBallot.view.verdict).toBeNull();
  });
});
