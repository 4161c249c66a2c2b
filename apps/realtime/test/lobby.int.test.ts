import { describe, expect, it } from 'vitest';
import type { TGameView, TMyCharacterResponse } from '@ss/protocol';
import { castFor, essentialCharacterIds, SEAT_DELTA } from '@ss/protocol';
import { connectSocket, emitAck, TEST_MODE, uniqueEmail, type ClientSocket } from './harness.js';
import { serverForSuite } from './suite-server.js';
import { assignAll, createLobby, joinedSocket } from './game-setup.js';
import { onView, readablePush, roomGaps, roomMe, roomView, waitForMe, waitForView, type ViewChange } from './room-view.js';

const ADMIN = uniqueEmail('admin');

describe(`lobby over sockets (${TEST_MODE})`, () => {
  const suite = serverForSuite({ env: { ADMIN_EMAILS: ADMIN } });

  it('pushes every lobby change to every phone: join, assign, start, advance', async () => {
    const lobby = await createLobby(suite.server, ADMIN, 0);
    const { api, gameId, joinCode } = lobby;
    const hostSocket = await joinedSocket(suite.server, lobby.host.token, gameId);
    const sockets: ClientSocket[] = [hostSocket];
    const snapshots: ViewChange[][] = [[]];
    onView(hostSocket, (e) => snapshots[0]?.push(e));

    const tokens: { token: string; playerId: string }[] = [];
    for (let i = 0; i < 5; i++) {
      const seen = waitForView(hostSocket, (e) => e.events.includes('player_joined') && e.game.players.length === i + 2, 1000);
      const res = await api<{ token: string; playerId: string; gameId: string }>('POST', `/api/games/${joinCode}/join`, { displayName: `  Phone ${i}  ` });
      expect(res.status).toBe(201);
      expect(res.body.gameId).toBe(gameId);
      await seen;
      tokens.push(res.body);
      const s = await joinedSocket(suite.server, res.body.token, gameId);
      const list: ViewChange[] = [];
      onView(s, (e) => list.push(e));
      sockets.push(s);
      snapshots.push(list);
    }
    const view = await api<TGameView>('GET', `/api/games/${gameId}`, undefined, tokens[0]!.token);
    expect(view.body.players.map((p) => p.displayName)).toEqual(['Hostess', 'Phone 0', 'Phone 1', 'Phone 2', 'Phone 3', 'Phone 4']);

    // The player sees their character pushed privately when the host assigns it.
    const firstPlayerSocket = sockets[1]!;
    const privatePush = waitForMe(firstPlayerSocket, (me) => me.character !== null, 1000);
    const everyoneSawAssign = Promise.all(sockets.map((s) => waitForView(s, (e) => e.events.includes('character_assigned'), 1000)));
    const cast = await assignAll(lobby);
    await everyoneSawAssign;
    const me = await privatePush;
    expect(me.character?.id).toBe(cast.characters[1]?.id);
    expect(me.team).toBeNull(); // teams are dealt at start

    const started = Promise.all(sockets.map((s) => waitForView(s, (e) => e.events.includes('game_started'), 1000)));
    const teamsDealt = Promise.all(sockets.map((s) => waitForMe(s, (me) => me.team !== null && me.hasAccess, 1000)));
    const start = await api('PATCH', `/api/games/${gameId}`, { action: 'start' }, lobby.host.token);
    expect(start.status).toBe(200);
    const startedEvents = await started;
    expect(startedEvents.every((e) => e.game.status === 'in_progress')).toBe(true);
    const privates = await teamsDealt;
    const shadows = privates.filter((p) => p.team === 'shadow').length;
    expect(shadows).toBeGreaterThanOrEqual(1);
    expect(shadows).toBeLessThan(privates.length / 2);

    const advanced = Promise.all(sockets.map((s) => waitForView(s, (e) => e.events.includes('phase_changed') && e.game.currentPhase === 1, 1000)));
    const adv = await emitAck(hostSocket, 'game:patch', { gameId, action: 'advance', fromPhase: 0 });
    expect(adv.ok).toBe(true);
    await advanced;

    // Versions only grow, one per change, and every phone saw the same sequence.
    for (const list of snapshots.slice(1)) {
      const versions = list.map((e) => e.version);
      expect([...versions].sort((a, b) => a - b)).toEqual(versions);
    }
    for (const s of sockets) s.close();
  });

  it('never sends a player another player’s team or private character fields', async () => {
    const lobby = await createLobby(suite.server, ADMIN, 4);
    await assignAll(lobby);
    const a = lobby.players[0]!;
    const socket = await joinedSocket(suite.server, a.token, lobby.gameId);
    const received: unknown[] = [];
    const ownPatches: unknown[] = [];
    socket.onAny((event: string, ...args: unknown[]) => (event === SEAT_DELTA ? ownPatches : received).push(readablePush(event, args)));
    const pushed = waitForMe(socket, (me) => me.team !== null, 1000);
    const start = await lobby.api('PATCH', `/api/games/${lobby.gameId}`, { action: 'start' }, lobby.host.token);
    expect(start.body).toMatchObject({ success: true });
    await pushed;
    await new Promise((r) => setTimeout(r, 100));
    const mine = await lobby.api<TMyCharacterResponse>('GET', `/api/games/${lobby.gameId}/my-character`, undefined, a.token);
    expect(mine.body.character).not.toBeNull();
    const text = JSON.stringify(received) + JSON.stringify((await lobby.api('GET', `/api/games/${lobby.gameId}`, undefined, a.token)).body) + JSON.stringify((await lobby.api('GET', `/api/games/${lobby.gameId}/players`, undefined, a.token)).body);
    // Only the patches of our own view may carry a team or secrets (and they build our own seat's view); no
    // public payload has them.
    expect(ownPatches.length).toBeGreaterThan(0);
    expect(roomMe(socket)).toEqual(mine.body);
    expect(roomMe(socket)?.gamePlayer.id).toBe(a.playerId);
    expect(text).not.toMatch(/"team"|"secrets"|"killerRevealStory"|"motivation"/);
    socket.close();
  });

  it('refuses bad input and wrong actors with clear 4xx and changes nothing', async () => {
    const lobby = await createLobby(suite.server, ADMIN, 4);
    const { api, gameId, joinCode } = lobby;
    const p = lobby.players[0]!;
    expect((await api('POST', '/api/games/ZZZZZZ/join', { displayName: 'X' })).body).toMatchObject({ message: 'Game not found' });
    const dup = await api('POST', `/api/games/${joinCode}/join`, { displayName: 'player 1' });
    expect(dup.status).toBe(409);
    expect((await api('POST', `/api/games/${joinCode}/join`, { displayName: '   ' })).status).toBe(400);
    expect((await api('POST', `/api/games/${joinCode}/join`, { displayName: 'x'.repeat(25) })).status).toBe(400);
    const chars = await api<{ characters: { id: string }[] }>('GET', `/api/games/${gameId}/characters?playerCount=5`, undefined, lobby.host.token);
    const c0 = chars.body.characters[0]!.id;
    expect((await api('POST', `/api/games/${gameId}/assign-character`, { playerId: p.playerId, characterId: c0 }, p.token)).status).toBe(403);
    expect((await api('PATCH', `/api/games/${gameId}`, { action: 'start' }, p.token)).status).toBe(403);
    expect((await api('POST', `/api/games/${gameId}/assign-character`, { playerId: p.playerId, characterId: c0 }, lobby.host.token)).status).toBe(200);
    const taken = await api('POST', `/api/games/${gameId}/assign-character`, { playerId: lobby.players[1]!.playerId, characterId: c0 }, lobby.host.token);
    expect(taken.status).toBe(409);
    const blocked = await api<{ message: string }>('PATCH', `/api/games/${gameId}`, { action: 'start' }, lobby.host.token);
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe('4 player(s) need character assignments first.');
    const other = await createLobby(suite.server, ADMIN, 1);
    expect((await api('GET', `/api/games/${gameId}`, undefined, other.players[0]!.token)).status).toBe(403);
    await expect(connectSocket(suite.server, undefined)).rejects.toThrow();
    await expect(connectSocket(suite.server, 'not-a-token')).rejects.toThrow();
    // Nothing above changed the roster.
    const view = await api<TGameView>('GET', `/api/games/${gameId}`, undefined, lobby.host.token);
    expect(view.body.players).toHaveLength(5);
    expect(view.body.players.filter((x) => x.characterId).length).toBe(1);
    expect(view.body.status).toBe('setup');

    await assignAll(lobby);
    expect((await api('PATCH', `/api/games/${gameId}`, { action: 'start' }, lobby.host.token)).status).toBe(200);
    const late = await api('POST', `/api/games/${joinCode}/join`, { displayName: 'Latecomer' });
    expect(late.status).toBe(409);
    expect((await api('PATCH', `/api/games/${gameId}`, { action: 'start', commandId: 'again-12345' }, lobby.host.token)).status).toBe(409);
  });

  it('retried commands with the same id apply once; rejoin gives the same seat; removal revokes the token', async () => {
    const lobby = await createLobby(suite.server, ADMIN, 4);
    const { api, gameId, joinCode } = lobby;
    const before = await api<TGameView>('GET', `/api/games/${gameId}`, undefined, lobby.host.token);
    const cmd = { action: 'set-expected-players', expectedPlayers: 6, commandId: 'cmd-abcdef-1' };
    const [r1, r2] = await Promise.all([api('PATCH', `/api/games/${gameId}`, cmd, lobby.host.token), api('PATCH', `/api/games/${gameId}`, cmd, lobby.host.token)]);
    expect(r1.status).toBe(200);
    expect(r2.status).toBe(200);
    const after = await api<TGameView>('GET', `/api/games/${gameId}`, undefined, lobby.host.token);
    expect(after.body.version).toBe(before.body.version + 1);

    // Rejoin by code, name and the seat's PIN (shown at join): the code and name are normalised.
    const pin = (lobby.players[1] as unknown as { pin: string }).pin;
    const re = await api<{ playerId: string; token: string; game: { status: string } }>('POST', '/api/games/rejoin', { joinCode: ` ${joinCode.toLowerCase()} `, displayName: ' player 2 ', pin });
    expect(re.status).toBe(200);
    expect(re.body.playerId).toBe(lobby.players[1]!.playerId);
    expect(re.body.game.status).toBe('setup');

    const victim = lobby.players[2]!;
    const socket = await joinedSocket(suite.server, victim.token, gameId);
    const dropped = new Promise((r) => socket.once('disconnect', r));
    expect((await api('DELETE', `/api/games/${gameId}/players/${victim.playerId}`, undefined, lobby.host.token)).status).toBe(200);
    await dropped;
    expect((await api('GET', `/api/games/${gameId}`, undefined, victim.token)).status).toBe(401);

    expect((await api('DELETE', `/api/games/${gameId}`, undefined, lobby.players[0]!.token)).status).toBe(403);
    expect((await api('DELETE', `/api/games/${gameId}`, undefined, lobby.host.token)).status).toBe(200);
    const gone = await api('GET', `/api/games/${gameId}`, undefined, lobby.host.token);
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ error: 'GAME_DELETED' });
    expect((await api('GET', `/api/games/${gameId}/players`, undefined, lobby.players[0]!.token)).status).toBe(410);
  });

  it('rebuilds a lost live room from Postgres with the same state', async () => {
    const lobby = await createLobby(suite.server, ADMIN, 4);
    await assignAll(lobby);
    const before = await lobby.api<TGameView>('GET', `/api/games/${lobby.gameId}`, undefined, lobby.host.token);
    await suite.server.ctx.live.delete(lobby.gameId); // as if Redis were flushed
    const after = await lobby.api<TGameView>('GET', `/api/games/${lobby.gameId}`, undefined, lobby.host.token);
    expect(after.body).toEqual(before.body);
    const socket = await joinedSocket(suite.server, lobby.players[0]!.token, lobby.gameId);
    await suite.server.ctx.live.delete(lobby.gameId);
    const pushed = waitForView(socket, (e) => e.events.includes('game_started'), 1000);
    expect((await lobby.api('PATCH', `/api/games/${lobby.gameId}`, { action: 'start' }, lobby.host.token)).status).toBe(200);
    const e = await pushed;
    expect(e.version).toBe(before.body.version + 1);
    expect(e.game.players.map((p) => p.characterId)).toEqual(before.body.players.map((p) => p.characterId));
    socket.close();
  });

  it('applies a burst of commands together: refused ones change nothing, the others each get a version', async () => {
    const lobby = await createLobby(suite.server, ADMIN, 4);
    const { api, gameId } = lobby;
    const socket = await joinedSocket(suite.server, lobby.players[0]!.token, gameId);
    const pushed: number[] = [];
    onView(socket, (e) => pushed.push(e.version));
    const before = await api<TGameView>('GET', `/api/games/${gameId}`, undefined, lobby.host.token);
    const chars = await api<{ characters: { id: string }[] }>('GET', `/api/games/${gameId}/characters?playerCount=5`, undefined, lobby.host.token);
    const [c0, c1, c2] = chars.body.characters.map((c) => c.id);
    const seats = lobby.players.map((p) => p.playerId);
    const results = await Promise.all([
      api('POST', `/api/games/${gameId}/assign-character`, { playerId: seats[0], characterId: c0 }, lobby.host.token),
      api('POST', `/api/games/${gameId}/assign-character`, { playerId: seats[1], characterId: c0 }, lobby.host.token), // taken
      api('POST', `/api/games/${gameId}/assign-character`, { playerId: seats[1], characterId: c1 }, lobby.host.token),
      api('POST', `/api/games/${gameId}/assign-character`, { playerId: seats[2], characterId: c2 }, lobby.players[0]!.token), // not the host
      api('POST', `/api/games/${gameId}/assign-character`, { playerId: seats[2], characterId: c2 }, lobby.host.token),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 409, 200, 403, 200]);
    const after = await api<TGameView>('GET', `/api/games/${gameId}`, undefined, lobby.host.token);
    expect(after.body.version).toBe(before.body.version + 3);
    expect(after.body.players.filter((p) => p.characterId).map((p) => [p.id, p.characterId])).toEqual([
      [seats[0], c0],
      [seats[1], c1],
      [seats[2], c2],
    ]);
    const rows = await suite.server.ctx.db.selectFrom('game_players').select(['id', 'character_id']).where('game_id', '=', gameId).where('character_id', 'is not', null).execute();
    expect(rows).toHaveLength(3);
    await new Promise((r) => setTimeout(r, 200));
    // Commands that arrive together share a commit: the phone may get one push for several, but it ends at the
    // same version and view as the server.
    expect(pushed.at(-1)).toBe(before.body.version + 3);
    expect(roomView(socket).players).toEqual(after.body.players);
    expect(roomGaps(socket)).toBe(0);
    socket.close();
  });

  it('lists the cast table row for the expected player count, essential first, by name, public fields only', async () => {
    const lobby = await createLobby(suite.server, ADMIN, 1);
    const res = await lobby.api<{ characters: Array<{ id: string; name: string; essential: boolean } & Record<string, unknown>>; effectiveLimit: number; characterLimit: number; totalAvailable: number }>(
      'GET',
      `/api/games/${lobby.gameId}/characters?playerCount=5`,
      undefined,
      lobby.host.token,
    );
    const content = (await suite.server.ctx.catalog.get(lobby.storyline.id, suite.server.ctx.catalog.latestVersion(lobby.storyline.id) ?? 1)).content;
    expect(res.body.effectiveLimit).toBe(5);
    expect(new Set(res.body.characters.map((c) => c.id))).toEqual(new Set(castFor(content, 5)));
    const essential = new Set(essentialCharacterIds(content));
    expect(res.body.characters.map((c) => c.essential)).toEqual(res.body.characters.map((c) => essential.has(c.id)));
    // Essential ones first (deal them first), each group by name: never cast order, which would hint at the killer.
    const groups = [true, false].map((e) => res.body.characters.filter((c) => c.essential === e).map((c) => c.name));
    expect(res.body.characters.map((c) => c.name)).toEqual(groups.flat());
    for (const g of groups) expect(g).toEqual([...g].sort((a, b) => a.localeCompare(b)));
    // The host plays too: no other seat's backstory, relationships or secrets on the assignment screen.
    for (const c of res.body.characters) {
      expect(Object.keys(c).sort()).toEqual(
        ['age', 'appearance', 'assignedPlayerId', 'description', 'essential', 'gender', 'height', 'id', 'imageAlt', 'imageUrl', 'name', 'profession', 'role'],
      );
    }
    // Players of the game do not see the cast list (only the host assigns).
    expect((await lobby.api('GET', `/api/games/${lobby.gameId}/characters?playerCount=5`, undefined, lobby.players[0]!.token)).status).toBe(403);
  });
});
