import { randomUUID } from 'node:crypto';
import { castFor, essentialCharacterIds, newGame, newSeat, storylineOf, type CaseStoryline, type TCharactersResponse, type TGameEvent, type TGameView, type TJoinWithPinResponse, type TGameState } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.js';
import type { Principal } from '../auth/principal.js';
import { gameDoor, withCurrentRole, type InGame } from '../../plugins/auth-door.js';
import { runGameCommand } from '../game-runtime/command.js';
import { chooseCase, finishedCases } from './cases.repository.js';
import { createGameLog } from '../game-runtime/event-store.js';
import { dealPin } from '../seats/seat-secrets.js';
import { gameIdByCode, generateJoinCode } from './join-code.js';
import { publicViewOf } from '../game-runtime/views.js';
import { hostCharacterCard } from '../storylines/character-view.js';
import { findStoryline, pricingTiersOf } from '../storylines/storylines.repository.js';
import { isUniqueViolation } from '../../db/pg-error.js';

/** The game's storyline as the game's own (secret) case tells it: its characters' texts, its clues, its killer. */
export async function storylineFor(ctx: AppContext, room: TGameState): Promise<CaseStoryline> {
  return storylineOf(room, await ctx.catalog.get(room.game.storylineId, room.game.storylineVersion));
}

export async function viewOf(ctx: AppContext, room: TGameState): Promise<TGameView> {
  return publicViewOf(room, await storylineFor(ctx, room));
}

/** What the host may host: admins everything; free storylines; else the best tier they bought. */
export async function entitlement(ctx: AppContext, caller: Extract<Principal, { kind: 'user' }>, storylineId: string) {
  const principal = await withCurrentRole(ctx, caller);
  const storyline = await findStoryline(ctx.db, storylineId);
  if (!storyline) throw notFound('Storyline not found');
  if (storyline.status === 'coming_soon') throw conflict('This storyline is still in development');
  const tiers = await pricingTiersOf(ctx.db, storylineId);
  const maxLimit = Math.max(...tiers.map((t) => t.character_limit), 0);
  const purchases = await ctx.db
    .selectFrom('purchases')
    .innerJoin('pricing_tiers', 'pricing_tiers.id', 'purchases.pricing_tier_id')
    .select(['pricing_tiers.character_limit', 'purchases.amount_paid_cents'])
    .where('purchases.user_id', '=', principal.userId)
    .where('purchases.storyline_id', '=', storylineId)
    .where('purchases.revoked_at', 'is', null) // a refunded purchase hosts no new game
    .execute();
  if (purchases.length > 0) {
    const best = purchases.reduce((a, b) => (b.character_limit > a.character_limit ? b : a));
    return { storyline, characterLimit: best.character_limit, amountPaidCents: best.amount_paid_cents };
  }
  if (principal.role === 'admin') return { storyline, characterLimit: maxLimit, amountPaidCents: 0 };
  const free = tiers.filter((t) => t.price_cents === 0);
  if (free.length > 0) return { storyline, characterLimit: Math.max(...free.map((t) => t.character_limit)), amountPaidCents: 0 };
  throw new AppError('PAYMENT_REQUIRED', 'Purchase this storyline before hosting a game');
}

export async function createGame(
  ctx: AppContext,
  principal: Principal,
  input: { storylineId: string; isTestingMode: boolean; caseId?: string | undefined; caseNumber?: number | undefined },
): Promise<{ id: string; joinCode: string }> {
  if (principal.kind !== 'user') throw forbidden('Only a signed-in host can create a game');
  const ent = await entitlement(ctx, principal, input.storylineId);
  const version = ctx.catalog.latestVersion(input.storylineId) ?? ent.storyline.version;
  const storyline = await ctx.catalog.get(input.storylineId, version);
  // The case is decided here, once, and kept in the game's first event: a secret of the game until the results.
  const chosen = chooseCase(storyline.content, input, await finishedCases(ctx.db, principal.userId, storyline.content));
  const id = randomUUID();
  const now = new Date().toISOString();
  for (let attempt = 0; attempt < 20; attempt++) {
    const joinCode = generateJoinCode();
    const created: Extract<TGameEvent, { type: 'game_created' }> = {
      type: 'game_created',
      game: newGame({
        id,
        joinCode,
        title: storyline.content.title,
        storylineId: input.storylineId,
        storylineVersion: version,
        hostUserId: principal.userId,
        isTestingMode: input.isTestingMode,
        feedbackMode: ent.amountPaidCents === 0,
        characterLimit: Math.min(ent.characterLimit, storyline.content.characters.length || ent.characterLimit),
        minPlayers: storyline.content.minPlayers,
        expectedPlayers: null,
        amountPaidCents: ent.amountPaidCents,
        createdAt: now,
        caseId: chosen.id,
      }),
      host: newSeat({ id: randomUUID(), displayName: principal.name.slice(0, 24), isHost: true, joinedAt: now }),
    };
    try {
      await createGameLog(ctx.db, created, storyline, `user:${principal.userId}`);
      return { id, joinCode };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new AppError('UNAVAILABLE', 'Could not allocate a room code, please try again');
}

/** A guest takes a seat; the seat's PIN is dealt here and shown once on the joining phone (only its hash is kept). */
export async function joinGame(ctx: AppContext, code: string, displayName: string): Promise<TJoinWithPinResponse> {
  const gameId = await gameIdByCode(ctx, code, 'playing');
  const playerId = randomUUID();
  const { pin, pinHash } = dealPin(ctx.config.JWT_SECRET, gameId, playerId);
  await runGameCommand(ctx, gameId, { type: 'join', playerId, displayName, pinHash }, { kind: 'guest' });
  const token = await ctx.tokens.sign({ kind: 'player', sub: playerId, gameId, sid: randomUUID(), name: displayName, ver: 1 });
  return { token, gameId, playerId, pin };
}

/**
 * A token for a seat: the caller's own seat; any seat for the host of a testing-mode game (the test pages) or for
 * an admin (the role as the database holds it). Outside testing mode the host plays blind, so never another seat.
 */
export async function playerToken(ctx: AppContext, principal: Principal, gameId: string, gamePlayerId: string) {
  const { room, actor } = await gameDoor(ctx, principal, gameId);
  const player = room.players.find((p) => p.id === gamePlayerId);
  if (!player) throw notFound('Player not found in game');
  const mayActAsAnySeat = actor.isAdmin || (actor.isHost && room.game.isTestingMode);
  if (!mayActAsAnySeat && actor.player?.id !== player.id) throw forbidden('You can only act as yourself');
  const token = await ctx.tokens.sign({
    kind: 'player',
    sub: player.id,
    gameId,
    sid: randomUUID(),
    name: player.displayName,
    ver: player.sessionVersion,
  });
  return { token, gamePlayer: { id: player.id, displayName: player.displayName } };
}

/** The cast the host may deal (the door admitted only the game's host or an admin). */
export async function listCharacters(ctx: AppContext, { room }: InGame, playerCount?: number): Promise<TCharactersResponse> {
  const storyline = await storylineFor(ctx, room);
  const totalAvailable = storyline.content.characters.length;
  const characterLimit = room.game.characterLimit;
  // Without an expected count the cast follows the seats taken so far (at least the storyline's minimum), so the
  // host assigns exactly the characters the game needs.
  const wanted = playerCount ?? room.game.expectedPlayers ?? Math.max(room.players.length, room.game.minPlayers);
  const effectiveLimit = Math.max(0, Math.min(characterLimit, wanted, totalAvailable));
  const window = new Set(castFor(storyline.content, effectiveLimit));
  const essential = new Set(essentialCharacterIds(storyline.content));
  // Characters already held stay visible even if the window shrank.
  for (const p of room.players) if (p.characterId) window.add(p.characterId);
  const holder = new Map(room.players.filter((p) => p.characterId).map((p) => [p.characterId as string, p.id]));
  const characters = storyline.content.castOrder
    .filter((id) => window.has(id))
    .map((id) => storyline.characters.get(id))
    .filter((c): c is NonNullable<typeof c> => !!c)
    .map((c) => hostCharacterCard(c, essential.has(c.id), holder.get(c.id) ?? null))
    // Essential characters first (deal them first), each group by name, not in cast order: the cast order puts
    // killer and detective among the first few, and the host plays too, so the order must not hint at the killer.
    .sort((a, b) => Number(b.essential) - Number(a.essential) || a.name.localeCompare(b.name));
  return { characters, characterLimit, totalAvailable, effectiveLimit };
}
