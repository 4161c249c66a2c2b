import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TCommandResponse, TGameView, TReplayResponse } from '@ss/protocol';
import { TEST_MODE, emitAck, uniqueEmail } from './harness.js';
import { serverForSuite } from './suite-server.js';
import { createLobby, joinedSocket } from './game-setup.js';
import { recordVotes, startedGame } from './completed-game.js';
import { roomView, waitForView } from './room-view.js';

const ADMIN = uniqueEmail('admin');

/** The table commands: deal at random, the co-host, host-run defences, and the case-file replay. */
describe(`table commands (${TEST_MODE})`, () => {
  const suite = serverForSuite({ env: { ADMIN_EMAILS: ADMIN } });

  it('deals every seat a character in one tap (host only), and the game can start', async () => {
    const lobby = await createLobby(suite.server, ADMIN, 5);
    const byPlayer = await lobby.api('POST', `/api/games/${lobby.gameId}/deal`, {}, lobby.players[0]!.token);
    expect(byPlayer.status).toBe(403);
    const dealt = await lobby.api<TCommandResponse>('POST', `/api/games/${lobby.gameId}/deal`, { commandId: randomUUID() }, lobby.host.token);
    expect(dealt.status).toBe(200);
    const held = dealt.body.game.players.map((p) => p.characterId);
    expect(held.every(Boolean)).toBe(true);
    expect(new Set(held).size).toBe(6);
    // The essential characters (the start checks for killer and detective) are always dealt.
    expect((await lobby.api('PATCH', `/api/games/${lobby.gameId}`, { action: 'start' }, lobby.host.token)).status).toBe(200);
    expect((await lobby.api('POST', `/api/games/${lobby.gameId}/deal`, {}, lobby.host.token)).status).toBe(409);
  });

  it('a co-host named by the host drives phases and defences; everyone sees who it is and the defence clock', async () => {
    const game = await startedGame(suite.server, ADMIN, 6);
    const { api, gameId } = game.lobby;
    const co = game.seats[2]!;
    const other = game.seats[3]!;
    const watcher = await joinedSocket(suite.server, other.token, gameId);
    expect((await api('PATCH', `/api/games/${gameId}`, { action: 'advance', fromPhase: 0 }, co.token)).status).toBe(403);
    expect((await api('POST', `/api/games/${gameId}/co-host`, { playerId: co.playerId }, co.token)).status).toBe(403);
    const named = waitForView(watcher, (c) => c.game.coHostPlayerId === co.playerId);
    expect((await api('POST', `/api/games/${gameId}/co-host`, { playerId: co.playerId }, game.lobby.host.token)).status).toBe(200);
    await named;

    expect((await api('PATCH', `/api/games/${gameId}`, { action: 'advance', fromPhase: 0 }, co.token)).status).toBe(200);
    expect((await api('PATCH', `/api/games/${gameId}`, { action: 'advance', fromPhase: 1 }, other.token)).status).toBe(403);
    await recordVotes(suite.server, game, { suspects: { 0: [1, 2, 3], 1: [0, 2, 3], 4: [1, 2, 3], 5: [1, 2, 3] } }, false);
    const toFinal = await api<TCommandResponse>('PATCH', `/api/games/${gameId}`, { action: 'set-phase', phase: 6 }, co.token);
    expect(toFinal.status).toBe(200);
    const top = toFinal.body.game.suspectVoting.topSuspects ?? [];
    expect(top.length).toBeGreaterThan(0);

    // The co-host starts a defence over the socket; every phone gets the speaker and the same deadline.
    const coSocket = await joinedSocket(suite.server, co.token, gameId);
    const speaking = waitForView(watcher, (c) => c.game.defence?.suspectPlayerId === top[0]!.playerId);
    const ack = await emitAck(coSocket, 'table:defence', { gameId, suspectPlayerId: top[0]!.playerId });
    expect(ack.ok).toBe(true);
    const seen = await speaking;
    expect(seen.game.defence!.endsAt - seen.game.defence!.startedAt).toBe(120_000);
    expect((await api('POST', `/api/games/${gameId}/defences`, { suspectPlayerId: top[0]!.playerId }, other.token)).status).toBe(403);
    const ended = waitForView(watcher, (c) => c.game.defence === null);
    expect((await api('POST', `/api/games/${gameId}/defences/end`, {}, game.lobby.host.token)).status).toBe(200);
    await ended;
    expect(roomView(watcher).defence).toBeNull();
    watcher.close();
    coSocket.close();
  });

  it('the case-file replay opens only after the game, for its players, with the days and how the votes moved', async () => {
    const game = await startedGame(suite.server, ADMIN, 5, { isTestingMode: true });
    const { api, gameId } = game.lobby;
    const early = await api<{ reason?: string }>('GET', `/api/games/${gameId}/replay`, undefined, game.seats[1]!.token);
    expect(early.status).toBe(409);
    expect(early.body.reason).toBe('GAME_NOT_COMPLETED');
    const k = game.killerSeat;
    const others = [0, 1, 2, 3, 4].filter((i) => i !== k);
    await recordVotes(suite.server, game, {
      suspects: { 0: [1, 2, 3], 1: [0, 2, 3], 2: [0, 1, 3], 3: [0, 1, 2], 4: [0, 1, 2] },
      finals: Object.fromEntries(others.map((i) => [i, k])),
      daily: { 1: { [others[0]!]: k }, 3: { [others[1]!]: others[2]! } },
    });
    const outsider = await createLobby(suite.server, ADMIN, 1);
    expect((await api('GET', `/api/games/${gameId}/replay`, undefined, outsider.players[0]!.token)).status).toBe(403);
    const r = await api<TReplayResponse>('GET', `/api/games/${gameId}/replay`, undefined, game.seats[1]!.token);
    expect(r.status).toBe(200);
    expect(r.body.days.map((d) => d.day)).toEqual([1, 2, 3, 4]);
    expect(r.body.days[0]!.clues.length).toBeGreaterThan(0);
    expect(r.body.days[0]!.accusations).toEqual([expect.objectContaining({ playerId: game.seats[others[0]!]!.playerId, suspectPlayerId: game.seats[k]!.playerId })]);
    expect(r.body.players.find((p) => p.isKiller)?.id).toBe(game.seats[k]!.playerId);
    expect(r.body.players.every((p) => p.team)).toBe(true);
    expect(r.body.suspectVote).toHaveLength(5);
    expect(r.body.finalVote.length).toBeGreaterThan(0);
    expect(r.body.verdict.killerPlayerId).toBe(game.seats[k]!.playerId);
    const view = await api<TGameView>('GET', `/api/games/${gameId}`, undefined, game.lobby.host.token);
    expect(view.body.status).toBe('completed');
  });
});
