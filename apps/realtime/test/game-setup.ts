import { expect } from 'vitest';
import { ZGameView, type TCharactersResponse, type TJoinAckData, type TJoinResponse, type TStoryline } from '@ss/protocol';
import { trackRoom } from './room-view.js';
import { apiFor, connectSocket, emitAck, hostSession, uniqueEmail, type Api, type ClientSocket, type TestServer } from './harness.js';

/** The first playable storyline served by the server (content is data; tests never name character ids). */
export async function playableStoryline(api: Api): Promise<TStoryline> {
  const res = await api<TStoryline[]>('GET', '/api/storylines');
  const s = res.body.find((x) => x.status === 'published' && x.characterCount > 0);
  if (!s) throw new Error('no playable storyline in content');
  return s;
}

export interface Lobby {
  api: Api;
  host: { token: string; userId: string; email: string };
  gameId: string;
  joinCode: string;
  players: (TJoinResponse & { displayName: string })[];
  storyline: TStoryline;
}

export interface LobbyOptions {
  isTestingMode?: boolean;
  /** The case by its public number; without it the game gets "Surprise me", like a REST client that names none. */
  caseNumber?: number;
}

/** An admin host (ADMIN_EMAILS) creates a game and n players join. */
export async function createLobby(server: TestServer, adminEmail: string, playerCount: number, opts: LobbyOptions = {}): Promise<Lobby> {
  const api = apiFor(server);
  const host = await hostSession(api, adminEmail, 'Hostess');
  const storyline = await playableStoryline(api);
  const body = { storylineId: storyline.id, isTestingMode: opts.isTestingMode ?? false, ...(opts.caseNumber === undefined ? {} : { caseNumber: opts.caseNumber }) };
  const created = await api<{ id: string; joinCode: string }>('POST', '/api/games', body, host.token);
  expect(created.status).toBe(201);
  const players = await joinPlayers(api, created.body.joinCode.toLowerCase(), playerCount);
  return { api, host, gameId: created.body.id, joinCode: created.body.joinCode, players, storyline };
}

/** `count` players join by room code, as Player 1, Player 2… */
export async function joinPlayers(api: Api, joinCode: string, count: number): Promise<Lobby['players']> {
  const players: Lobby['players'] = [];
  for (let i = 1; i <= count; i++) {
    const displayName = `Player ${i}`;
    const res = await api<TJoinResponse>('POST', `/api/games/${joinCode}/join`, { displayName });
    expect(res.status).toBe(201);
    players.push({ ...res.body, displayName });
  }
  return players;
}

/** Gives every seat without a character one of the cast for the game's size (free ones, in cast order). */
export async function assignAll(lobby: Lobby): Promise<TCharactersResponse> {
  const game = await lobby.api<{ players: { id: string; isHost: boolean; characterId: string | null }[] }>('GET', `/api/games/${lobby.gameId}`, undefined, lobby.host.token);
  const seats = game.body.players;
  const chars = await lobby.api<TCharactersResponse>('GET', `/api/games/${lobby.gameId}/characters?playerCount=${seats.length}`, undefined, lobby.host.token);
  expect(chars.status).toBe(200);
  const free = chars.body.characters.filter((c) => !c.assignedPlayerId);
  for (const seat of seats.filter((s) => !s.characterId)) {
    const c = free.shift();
    if (!c) throw new Error('not enough characters');
    const res = await lobby.api('POST', `/api/games/${lobby.gameId}/assign-character`, { playerId: seat.id, characterId: c.id }, lobby.host.token);
    expect(res.status).toBe(200);
  }
  return chars.body;
}

/** Every seat of a dealt game as the host reads it, with the seat's token (the host's own on the host seat). */
export async function dealtSeats(lobby: Lobby): Promise<{ playerId: string; token: string; characterId: string; isHost: boolean }[]> {
  const view = ZGameView.parse((await lobby.api('GET', `/api/games/${lobby.gameId}`, undefined, lobby.host.token)).body);
  return view.players.map((p) => ({
    playerId: p.id,
    token: p.isHost ? lobby.host.token : lobby.players.find((x) => x.playerId === p.id)!.token,
    characterId: p.characterId!,
    isHost: p.isHost,
  }));
}

export async function joinedSocket(server: TestServer, token: string, gameId: string): Promise<ClientSocket> {
  const socket = await connectSocket(server, token);
  const ack = await emitAck<TJoinAckData>(socket, 'game:join', { gameId });
  if (!ack.ok) throw new Error(`join failed: ${ack.error.message}`);
  trackRoom(socket, ack.data.game, ack.data.me);
  return socket;
}

export { uniqueEmail };
