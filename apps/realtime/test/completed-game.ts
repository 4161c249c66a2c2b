import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { Draft, REVEAL_LAST_STEP, completeGame, contentInCase, phasesOf, type TStorylineCase, type TStorylineContent } from '@ss/protocol';
import { loadState } from '../src/modules/game-runtime/event-store.js';
import { loadStorylineContent } from '../src/modules/storylines/content-loader.js';
import { FIXTURE_CONTENT_DIR, type Api, type TestServer } from './harness.js';
import { appendAsEngine } from './append-as-engine.js';
import { assignAll, createLobby, type Lobby, type LobbyOptions } from './game-setup.js';

/**
 * After-game fixtures: a real lobby (API: create, join, assign, start), then the votes and the result written
 * straight into the ledger, as the voting module would, for games whose votes the test chooses.
 * Seats are addressed by index (0 = host), never by character id; roles come from the storyline content.
 */
export interface Seat {
  playerId: string;
  displayName: string;
  token: string;
  characterId: string;
  characterName: string;
  team: 'seeker' | 'shadow';
  isKiller: boolean;
}

export interface PlayedGame {
  lobby: Lobby;
  gameId: string;
  seats: Seat[];
  /** The storyline as the game's case tells it (its characters' briefs, its reveal, its clues). */
  content: TStorylineContent;
  /** The game's case, as the server chose it (read from the game's log, as only a test may). */
  case: TStorylineCase;
  killerSeat: number;
}

export interface VotePlan {
  /** Per voter seat index: three suspect seat indexes. */
  suspects?: Record<number, [number, number, number]>;
  /** Per voter seat index: one accused seat index. */
  finals?: Record<number, number>;
  /** Testing mode: per day, per voter seat: suspect seat. */
  daily?: Record<number, Record<number, number>>;
}

let contentCache: TStorylineContent[] | null = null;
export async function fixtureContent(storylineId: string): Promise<TStorylineContent> {
  contentCache ??= await loadStorylineContent(FIXTURE_CONTENT_DIR);
  const c = contentCache.find((x) => x.id === storylineId);
  if (!c) throw new Error(`no content for ${storylineId}`);
  return c;
}

/** The case a game plays, read from its log (the server never tells a player before the results). */
export async function caseOfGame(server: TestServer, gameId: string): Promise<{ case: TStorylineCase; content: TStorylineContent }> {
  const state = await loadState(server.ctx.db, gameId);
  if (!state) throw new Error('no such game');
  const shared = await fixtureContent(state.game.storylineId);
  const k = shared.cases?.find((c) => c.id === state.game.caseId);
  if (!k) throw new Error(`game ${gameId} plays no known case (${String(state.game.caseId)})`);
  return { case: k, content: contentInCase(shared, k) };
}

/** The host jumps the game to `phase` (a test set-up step: a refusal fails the test). */
export async function setPhase(api: Api, g: PlayedGame, phase: number): Promise<void> {
  const res = await api('PATCH', `/api/games/${g.gameId}`, { action: 'set-phase', phase, commandId: randomUUID() }, g.lobby.host.token);
  expect(res.status).toBe(200);
}

/** A started game with `seats` seats (host included), characters in cast order. */
export async function startedGame(server: TestServer, adminEmail: string, seats: number, opts: LobbyOptions = {}): Promise<PlayedGame> {
  const lobby = await createLobby(server, adminEmail, seats - 1, opts);
  await assignAll(lobby);
  const start = await lobby.api('PATCH', `/api/games/${lobby.gameId}`, { action: 'start', commandId: randomUUID() }, lobby.host.token);
  expect(start.status).toBe(200);
  const { case: gameCase, content } = await caseOfGame(server, lobby.gameId);
  const killerId = gameCase.killerCharacterId;
  const rows = await server.ctx.db
    .selectFrom('game_players')
    .selectAll()
    .where('game_id', '=', lobby.gameId)
    .where('removed_at', 'is', null)
    .orderBy('joined_at')
    .orderBy('id')
    .execute();
  const tokenOf = (id: string, isHost: boolean) => (isHost ? lobby.host.token : lobby.players.find((p) => p.playerId === id)?.token ?? '');
  const out: Seat[] = rows.map((r) => {
    const ch = content.characters.find((c) => c.id === r.character_id);
    if (!ch || !r.team) throw new Error('seat without character or team');
    return { playerId: r.id, displayName: r.display_name, token: tokenOf(r.id, r.is_host), characterId: ch.id, characterName: ch.name, team: r.team, isKiller: ch.id === killerId };
  });
  const killerSeat = out.findIndex((s) => s.isKiller);
  expect(killerSeat).toBeGreaterThanOrEqual(0);
  return { lobby, gameId: lobby.gameId, seats: out, content, case: gameCase, killerSeat };
}

/**
 * Appends the plan's votes to the game's log as the engine would have (daily tracker votes, ballots, final votes,
 * and with `complete` the move to the final vote and the result decided by the engine), through the same append
 * and projector as the command path.
 */
export async function recordVotes(server: TestServer, game: PlayedGame, plan: VotePlan, complete = true): Promise<void> {
  const ctx = server.ctx;
  const seat = (i: number) => {
    const s = game.seats[i];
    if (!s) throw new Error(`no seat ${i}`);
    return s;
  };
  const before = await loadState(ctx.db, game.gameId);
  if (!before) throw new Error('no such game');
  const storyline = await ctx.catalog.get(before.game.storylineId, before.game.storylineVersion);
  const d = new Draft(before);
  // Daily tracker votes are events like every other vote (the projector writes daily_votes from them).
  for (const [day, votes] of Object.entries(plan.daily ?? {})) {
    for (const [voter, suspect] of Object.entries(votes)) {
      const vote = { voterId: seat(Number(voter)).playerId, day: Number(day), suspectCharacterId: seat(suspect).characterId, suspectPlayerId: seat(suspect).playerId, at: new Date().toISOString() };
      d.emit({ type: 'daily_vote_cast', vote });
    }
  }
  for (const [voter, picks] of Object.entries(plan.suspects ?? {})) {
    d.emit({ type: 'suspect_ballot_cast', voterId: seat(Number(voter)).playerId, suspects: picks.map((p) => seat(p).playerId) });
  }
  const finalVote = phasesOf(storyline).finalVote;
  if (complete && d.state.game.currentPhase !== finalVote) d.emit({ type: 'phase_changed', from: d.state.game.currentPhase, to: finalVote });
  for (const [voter, accused] of Object.entries(plan.finals ?? {})) {
    d.emit({ type: 'final_vote_cast', voterId: seat(Number(voter)).playerId, suspectId: seat(accused).playerId });
  }
  if (complete) {
    completeGame(d, storyline, Date.now());
    // The host took the room through the whole shared reveal (the results are read only after its killer step).
    d.emit({ type: 'reveal_advanced', step: REVEAL_LAST_STEP, at: Date.now(), by: 'host' });
  }
  await appendAsEngine(server, game.gameId, d.events);
}

/** A started game with the given votes, completed. */
export async function completedGame(server: TestServer, adminEmail: string, seats: number, plan: VotePlan, opts: LobbyOptions = {}) {
  const game = await startedGame(server, adminEmail, seats, opts);
  await recordVotes(server, game, plan);
  return game;
}
