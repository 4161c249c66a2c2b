import {
  casesOf,
  fullCast,
  dayRangeMessage,
  isDayUnlocked,
  parseDay,
  phasesOf,
  renderCastText,
  seatDayView,
  type TDayContent,
  type TStorylineContent,
  type TCharacterDetail,
  type TPlayerNotes,
  type TPublicCharacter,
} from '@ss/protocol';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { publicCharacter } from '../storylines/character-view.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error.js';
import type { Principal } from '../auth/principal.js';
import { gameDoor, type InGame } from '../../plugins/auth-door.js';
import { readRoom } from '../game-runtime/command.js';
import { storylineFor } from '../games/games.service.js';

export const DAY_CONTENT_MISSING = 'Character not found or day content unavailable';

// ---------- Day content ----------

/** The game a day-content call is about: the player token's game; for a host or admin token, ?gameId= or the host's latest game holding the character. */
async function gameIdForDayCall(ctx: AppContext, principal: Principal, characterId: string, gameIdQuery: string | undefined): Promise<string> {
  if (principal.kind === 'player') {
    if (gameIdQuery && gameIdQuery !== principal.gameId) throw notFound(DAY_CONTENT_MISSING);
    return principal.gameId;
  }
  if (gameIdQuery) return gameIdQuery;
  const row = await ctx.db
    .selectFrom('games')
    .innerJoin('game_players', 'game_players.game_id', 'games.id')
    .select('games.id')
    .where('games.host_user_id', '=', principal.userId)
    .where('games.deleted_at', 'is', null)
    .where('game_players.is_host', '=', true)
    .where('game_players.removed_at', 'is', null)
    .where('game_players.character_id', '=', characterId)
    .orderBy('games.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw notFound(DAY_CONTENT_MISSING);
  return row.id;
}

/**
 * The room and actor, with every "not yours" answer folded into one 404 so the call does not tell a stranger
 * whether a game exists or who holds which character. An expired seat still answers 401 (the client rejoins).
 */
async function dayCallScope(ctx: AppContext, principal: Principal, gameId: string): Promise<InGame> {
  try {
    return await gameDoor(ctx, principal, gameId);
  } catch (err) {
    if (err instanceof AppError && err.code !== 'UNAUTHORIZED') throw notFound(DAY_CONTENT_MISSING);
    throw err;
  }
}

export async function dayContent(
  ctx: AppContext,
  principal: Principal,
  characterId: string,
  rawDay: string,
  gameIdQuery?: string,
): Promise<TDayContent> {
  const gameId = await gameIdForDayCall(ctx, principal, characterId, gameIdQuery);
  const { room, actor } = await dayCallScope(ctx, principal, gameId);
  const storyline = await storylineFor(ctx, room);
  const c = storyline.characters.get(characterId);
  const ownsCharacter = !!c && actor.player?.characterId === characterId;
  // Testing mode: the host (or an admin) may read any character of the game's storyline, to check clues.
  const testingReader = !!c && room.game.isTestingMode && (actor.isHost || actor.isAdmin);
  if (!c || (!ownsCharacter && !testingReader)) throw notFound(DAY_CONTENT_MISSING);
  const table = phasesOf(storyline);
  const day = parseDay(table, rawDay);
  if (day === null) throw badRequest(dayRangeMessage(table));
  if (!isDayUnlocked(table, room.game.currentPhase, day)) {
    throw forbidden(`Day ${day} is not available yet: it opens when the host starts it`);
  }
  // The engine renders it for tonight's cast; the shadow brief goes to its holder only, and only while that holder
  // is a Shadow (a host reading another character in testing mode sees the text a Seeker would).
  const content = seatDayView(room, storyline, characterId, day, actor.player?.id ?? null);
  if (!content) throw notFound(DAY_CONTENT_MISSING);
  return content;
}

// ---------- Characters (public) ----------


async function latestContent(ctx: AppContext, storylineId: string): Promise<TStorylineContent | null> {
  const version =
    ctx.catalog.latestVersion(storylineId) ??
    (await ctx.db.selectFrom('storylines').select('version').where('id', '=', storylineId).executeTakeFirst())?.version;
  if (version === undefined) return null;
  return (await ctx.catalog.get(storylineId, version)).content;
}

export async function storylineCharacters(ctx: AppContext, storylineId: string): Promise<TPublicCharacter[]> {
  const content = await latestContent(ctx, storylineId);
  if (!content) throw notFound('Storyline not found');
  // By name, not in cast order: the cast order puts killer and detective among the first few.
  return content.characters.map(publicCharacter).sort((a, b) => a.name.localeCompare(b.name));
}

/** The cases of this storyline the caller played (host or player) to the end: their completed games' cases. */
async function playedCompletedCases(ctx: AppContext, principal: Principal, content: TStorylineContent): Promise<string[]> {
  const first = casesOf(content)[0]?.id;
  if (principal.kind === 'player') {
    const room = await readRoom(ctx, principal.gameId).catch(() => null);
    if (!room || room.game.storylineId !== content.id || room.game.status !== 'completed') return [];
    const me = room.players.find((p) => p.id === principal.playerId);
    const caseId = room.game.caseId ?? first;
    return me && me.sessionVersion === principal.sessionVersion && caseId ? [caseId] : [];
  }
  const rows = await ctx.db
    .selectFrom('games')
    .innerJoin('game_results', 'game_results.game_id', 'games.id')
    .select(sql<string | null>`game_results.data->>'caseId'`.as('case_id'))
    .where('games.host_user_id', '=', principal.userId)
    .where('games.storyline_id', '=', content.id)
    .where('games.status', '=', 'completed')
    .where('games.deleted_at', 'is', null)
    .execute();
  return rows.flatMap((r) => (r.case_id ?? first ? [(r.case_id ?? first) as string] : []));
}

/**
 * One character's public card. killerRevealStory is filled only for the killer of a case the caller played to the
 * end (host or player), with that case's reveal; everyone else gets 200 with null, for every character alike, so
 * neither the status nor the body says who a killer is (docs/DECISIONS.md).
 */
export async function characterDetail(ctx: AppContext, principal: Principal, characterId: string): Promise<TCharacterDetail> {
  const storylines = await ctx.db.selectFrom('storylines').select(['id', 'version']).execute();
  for (const s of storylines) {
    const content = await latestContent(ctx, s.id);
    const c = content?.characters.find((x) => x.id === characterId);
    if (!content || !c) continue;
    // Asked for every character alike, so the time of the answer does not tell a killer of some case either.
    const played = await playedCompletedCases(ctx, principal, content);
    // The same work was done for every card; only the caller's own finished cases choose the answer now.
    // eslint-disable-next-line no-restricted-syntax -- the killers of cases the caller played, whose results they saw
    const solved = casesOf(content).find((k) => k.killerCharacterId === c.id && played.includes(k.id));
    // Outside a game every character counts as present: cast tokens show their full names.
    const reveal = solved ? renderCastText(solved.reveal, fullCast(new Map(content.characters.map((x) => [x.id, x.name])))) : null;
    return { ...publicCharacter(c), killerRevealStory: reveal };
  }
  throw notFound('Character not found');
}

// ---------- Player notes ----------

/** The caller's own notes (the door admitted a seat of the game). */
export async function readNotes(ctx: AppContext, gameId: string, me: { id: string }): Promise<TPlayerNotes> {
  const row = await ctx.db.selectFrom('player_notes').select(['body', 'updated_at']).where('game_id', '=', gameId).where('player_id', '=', me.id).executeTakeFirst();
  return { body: row?.body ?? '', updatedAt: row ? new Date(row.updated_at).toISOString() : null };
}

export async function writeNotes(ctx: AppContext, gameId: string, me: { id: string }, body: string): Promise<TPlayerNotes> {
  const now = new Date();
  await ctx.db
    .insertInto('player_notes')
    .values({ game_id: gameId, player_id: me.id, body, updated_at: now })
    .onConflict((oc) => oc.columns(['game_id', 'player_id']).doUpdateSet({ body, updated_at: now }))
    .execute();
  return { body, updatedAt: now.toISOString() };
}
