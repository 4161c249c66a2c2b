import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TGameResults, TStorylineContent } from '@ss/protocol';
import { loadStorylineContent } from '../src/modules/storylines/content-loader.js';
import { FIXTURE_CONTENT_DIR, type TestServer } from './harness.js';
import { assignAll, createLobby, type Lobby } from './game-setup.js';

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
  content: TStorylineContent;
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

/** A started game with `seats` seats (host included), characters in cast order. */
export async function startedGame(server: TestServer, adminEmail: string, seats: number, opts: { isTestingMode?: boolean } = {}): Promise<PlayedGame> {
  const lobby = await createLobby(server, adminEmail, seats - 1, opts);
  await assignAll(lobby);
  const start = await lobby.api('PATCH', `/api/games/${lobby.gameId}`, { action: 'start', commandId: randomUUID() }, lobby.host.token);
  expect(start.status).toBe(200);
  const content = await fixtureContent(lobby.storyline.id);
  const killerId = content.roles?.killerCharacterId;
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
  return { lobby, gameId: lobby.gameId, seats: out, content, killerSeat };
}

/** Writes the plan's votes; with `complete`, also the result and status 'completed'. Then drops the live room so reads rebuild it. */
export async function recordVotes(server: TestServer, game: PlayedGame, plan: VotePlan, complete = true): Promise<void> {
  const db = server.ctx.db;
  const seat = (i: number) => {
    const s = game.seats[i];
    if (!s) throw new Error(`no seat ${i}`);
    return s;
  };
  for (const [voter, picks] of Object.entries(plan.suspects ?? {})) {
    await db
      .insertInto('suspect_ballots')
      .values({ game_id: game.gameId, voter_player_id: seat(Number(voter)).playerId, suspect_player_ids: JSON.stringify(picks.map((p) => seat(p).playerId)), created_at: new Date() })
      .execute();
  }
  for (const [voter, accused] of Object.entries(plan.finals ?? {})) {
    await db
      .insertInto('final_votes')
      .values({ game_id: game.gameId, voter_player_id: seat(Number(voter)).playerId, suspect_player_id: seat(accused).playerId, created_at: new Date() })
      .execute();
  }
  for (const [day, votes] of Object.entries(plan.daily ?? {})) {
    for (const [voter, suspect] of Object.entries(votes)) {
      await db
        .insertInto('daily_votes')
        .values({
          game_id: game.gameId,
          voter_player_id: seat(Number(voter)).playerId,
          day: Number(day),
          suspect_character_id: seat(suspect).characterId,
          suspect_player_id: seat(suspect).playerId,
          created_at: new Date(),
        })
        .execute();
    }
  }
  if (complete) {
    const tally = new Map<number, number>();
    for (const a of Object.values(plan.finals ?? {})) tally.set(a, (tally.get(a) ?? 0) + 1);
    const accusedSeat = [...tally.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0];
    const accused = accusedSeat === undefined ? null : seat(accusedSeat);
    const killer = seat(game.killerSeat);
    const killerCorrect = accused?.playerId === killer.playerId;
    const winningTeam = killerCorrect ? 'seekers' : 'shadows';
    const completedAt = new Date();
    const data: TGameResults = {
      gameId: game.gameId,
      joinCode: game.lobby.joinCode,
      title: game.content.title,
      storylineId: game.content.id,
      completedAt: completedAt.toISOString(),
      winningTeam,
      accusedKiller: accused ? { playerId: accused.playerId, playerName: accused.displayName, characterName: accused.characterName } : null,
      finalKiller: { playerId: killer.playerId, playerName: killer.displayName, characterName: killer.characterName },
      killerCorrect,
      killerCharacterId: killer.characterId,
      killerRevealStory: game.content.characters.find((c) => c.id === killer.characterId)?.killerRevealStory ?? null,
      playerResults: game.seats.map((s) => ({
        playerId: s.playerId,
        playerName: s.displayName,
        characterName: s.characterName,
        team: s.team,
        isKiller: s.isKiller,
        isWinner: (s.team === 'seeker') === killerCorrect,
      })),
      finalVotes: Object.fromEntries([...tally.entries()].map(([i, n]) => [seat(i).displayName, n])),
    };
    await db
      .insertInto('game_results')
      .values({
        game_id: game.gameId,
        completed_at: completedAt,
        winning_team: winningTeam,
        accused_player_id: accused?.playerId ?? null,
        killer_player_id: killer.playerId,
        killer_correct: killerCorrect,
        data: JSON.stringify(data),
      })
      .execute();
    await db.updateTable('games').set({ status: 'completed', completed_at: completedAt, current_phase: 7 }).where('id', '=', game.gameId).execute();
  }
  await server.ctx.live.delete(game.gameId);
}

/** A started game with the given votes, completed. */
export async function completedGame(server: TestServer, adminEmail: string, seats: number, plan: VotePlan, opts: { isTestingMode?: boolean } = {}) {
  const game = await startedGame(server, adminEmail, seats, opts);
  await recordVotes(server, game, plan);
  return game;
}
