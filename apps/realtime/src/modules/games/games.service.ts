import { randomUUID } from 'node:crypto';
import {
  PHASE_MAX,
  Phase,
  assignTeams,
  castFor,
  castPool,
  essentialCharacterIds,
  type TCharactersResponse,
  type TCommandResponse,
  type TGameView,
  type TJoinResponse,
  type TLiveRoom,
  type TPatchGameRequest,
} from '@ss/protocol';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import type { Principal } from '../auth/principal.js';
import { resolveActor, requireHost, type Actor } from './access.js';
import { executeCommand, readRoom, type CommandOutcome, type Tx } from './command.js';
import { generateJoinCode } from './join-code.js';
import { createBoundedCache } from '../../lib/bounded-cache.js';
import { publicView } from './views.js';
import { hostCharacterCard } from '../storylines/character-view.js';
import { closeSuspectVoting } from '../voting/close-suspect-voting.js';
import { completeIfNobodyCanVote } from '../voting/complete-game.js';

export const DEFENCE_MS = 2 * 60 * 1000;

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && 'code' in err && (err as { code?: string }).code === '23505';

export async function storylineFor(ctx: AppContext, room: TLiveRoom) {
  return ctx.catalog.get(room.game.storylineId, room.game.storylineVersion);
}

// A room version is immutable, so its public view is built once per version (polling clients hit this).
const viewCache = createBoundedCache<string, TGameView>(20_000);

export async function viewOf(ctx: AppContext, room: TLiveRoom): Promise<TGameView> {
  const key = `${room.game.id}:${room.version}`;
  const hit = viewCache.get(key);
  if (hit) return hit;
  const view = publicView(room, await storylineFor(ctx, room));
  viewCache.set(key, view);
  return view;
}

/** What the host may host: admins everything; free storylines; else the best tier they bought. */
export async function entitlement(ctx: AppContext, principal: Extract<Principal, { kind: 'user' }>, storylineId: string) {
  const storyline = await ctx.db.selectFrom('storylines').selectAll().where('id', '=', storylineId).executeTakeFirst();
  if (!storyline) throw notFound('Storyline not found');
  if (storyline.status === 'coming_soon') throw conflict('This storyline is still in development');
  const tiers = await ctx.db.selectFrom('pricing_tiers').selectAll().where('storyline_id', '=', storylineId).execute();
  const maxLimit = Math.max(...tiers.map((t) => t.character_limit), 0);
  const purchases = await ctx.db
    .selectFrom('purchases')
    .innerJoin('pricing_tiers', 'pricing_tiers.id', 'purchases.pricing_tier_id')
    .select(['pricing_tiers.character_limit', 'purchases.amount_paid_cents'])
    .where('purchases.user_id', '=', principal.userId)
    .where('purchases.storyline_id', '=', storylineId)
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
  input: { storylineId: string; isTestingMode: boolean },
): Promise<{ id: string; joinCode: string }> {
  if (principal.kind !== 'user') throw forbidden('Only a signed-in host can create a game');
  const ent = await entitlement(ctx, principal, input.storylineId);
  const version = ctx.catalog.latestVersion(input.storylineId) ?? ent.storyline.version;
  const sv = await ctx.catalog.get(input.storylineId, version);
  const id = randomUUID();
  for (let attempt = 0; attempt < 20; attempt++) {
    const joinCode = generateJoinCode();
    try {
      await ctx.db.transaction().execute(async (tx) => {
        await tx
          .insertInto('games')
          .values({
            id,
            join_code: joinCode,
            storyline_id: input.storylineId,
            storyline_version: version,
            host_user_id: principal.userId,
            status: 'setup',
            is_testing_mode: input.isTestingMode,
            feedback_mode: ent.amountPaidCents === 0,
            character_limit: Math.min(ent.characterLimit, sv.content.characters.length || ent.characterLimit),
            amount_paid_cents: ent.amountPaidCents,
            min_players: sv.content.minPlayers,
            expected_players: null,
            leader_player_id: null,
            state: JSON.stringify({}),
            created_at: new Date(),
            started_at: null,
            completed_at: null,
            deleted_at: null,
          })
          .execute();
        await tx
          .insertInto('game_players')
          .values({
            id: randomUUID(),
            game_id: id,
            user_id: null,
            is_host: true,
            display_name: principal.name.slice(0, 24),
            display_name_lower: principal.name.slice(0, 24).toLowerCase(),
            character_id: null,
            team: null,
            vote_lost_reason: null,
            removed_at: null,
            joined_at: new Date(),
          })
          .execute();
      });
      return { id, joinCode };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new AppError('UNAVAILABLE', 'Could not allocate a room code, please try again');
}

async function findLiveGameIdByCode(ctx: AppContext, code: string): Promise<string> {
  const row = await ctx.db
    .selectFrom('games')
    .select('id')
    .where('join_code', '=', code.trim().toUpperCase())
    .where('deleted_at', 'is', null)
    .where('status', '<>', 'completed')
    .executeTakeFirst();
  if (!row) throw notFound('Game not found');
  return row.id;
}

export async function joinGame(ctx: AppContext, code: string, displayName: string): Promise<TJoinResponse> {
  const gameId = await findLiveGameIdByCode(ctx, code);
  const playerId = randomUUID();
  await executeCommand(ctx, gameId, { actorId: playerId }, async (tx, room) => {
    if (room.game.status !== 'setup') throw conflict('This game has already started');
    if (room.players.length >= room.game.characterLimit) throw conflict('This game is full');
    const lower = displayName.toLowerCase();
    if (room.players.some((p) => p.displayName.toLowerCase() === lower)) {
      throw conflict('That display name is already taken in this game');
    }
    const joinedAt = new Date();
    await tx
      .insertInto('game_players')
      .values({
        id: playerId,
        game_id: gameId,
        user_id: null,
        is_host: false,
        display_name: displayName,
        display_name_lower: lower,
        character_id: null,
        team: null,
        vote_lost_reason: null,
        removed_at: null,
        joined_at: joinedAt,
      })
      .execute();
    const player = {
      id: playerId,
      displayName,
      userId: null,
      isHost: false,
      characterId: null,
      team: null,
      voteLost: false,
      voteLostReason: null,
      sessionVersion: 1,
      joinedAt: joinedAt.toISOString(),
    };
    return { result: null, room: { ...room, players: [...room.players, player] }, reason: 'player_joined' };
  });
  const token = await ctx.tokens.sign({ kind: 'player', sub: playerId, gameId, sid: randomUUID(), name: displayName, ver: 1 });
  return { token, gameId, playerId };
}

export async function rejoinGame(ctx: AppContext, code: string, displayName: string) {
  const row = await ctx.db
    .selectFrom('games')
    .select('id')
    .where('join_code', '=', code.trim().toUpperCase())
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row) throw notFound('Game not found');
  const room = await readRoom(ctx, row.id);
  const player = room.players.find((p) => p.displayName.toLowerCase() === displayName.trim().toLowerCase());
  if (!player) throw notFound('Player not found in game');
  const sv = await storylineFor(ctx, room);
  const token = await ctx.tokens.sign({
    kind: 'player',
    sub: player.id,
    gameId: room.game.id,
    sid: randomUUID(),
    name: player.displayName,
    ver: player.sessionVersion,
  });
  return {
    token,
    gameId: room.game.id,
    playerId: player.id,
    characterName: player.characterId ? (sv.characters.get(player.characterId)?.name ?? null) : null,
    game: { currentPhase: room.game.currentPhase, status: room.game.status },
  };
}

/** A token for a player of the game: for the host (to play a seat in another tab) or the player themself. */
export async function playerToken(ctx: AppContext, principal: Principal, gameId: string, gamePlayerId: string) {
  const room = await readRoom(ctx, gameId);
  const actor = resolveActor(room, principal);
  const player = room.players.find((p) => p.id === gamePlayerId);
  if (!player) throw notFound('Player not found in game');
  if (!actor.isHost && !actor.isAdmin && actor.player?.id !== player.id) throw forbidden('You can only act as yourself');
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

export async function actorIn(ctx: AppContext, principal: Principal, gameId: string): Promise<{ room: TLiveRoom; actor: Actor }> {
  const room = await readRoom(ctx, gameId);
  return { room, actor: resolveActor(room, principal) };
}

/** Host command wrapper: checks the actor inside the lock, then applies. */
export async function hostCommand<R>(
  ctx: AppContext,
  principal: Principal,
  gameId: string,
  commandId: string | undefined,
  apply: (tx: Tx, room: TLiveRoom, actor: Actor) => Promise<CommandOutcome<R>>,
): Promise<R> {
  const actorId = principal.kind === 'user' ? principal.userId : principal.playerId;
  return executeCommand(ctx, gameId, { commandId, actorId }, async (tx, room) => {
    const actor = resolveActor(room, principal);
    requireHost(actor);
    return apply(tx, room, actor);
  });
}

export async function commandResponse(ctx: AppContext, gameId: string): Promise<TCommandResponse> {
  return { success: true, game: await viewOf(ctx, await readRoom(ctx, gameId)) };
}

export async function assignCharacter(ctx: AppContext, principal: Principal, gameId: string, playerId: string, characterId: string, commandId?: string) {
  await hostCommand(ctx, principal, gameId, commandId, async (tx, room) => {
    if (room.game.status !== 'setup') throw conflict('Characters can only be changed before the game starts');
    const sv = await storylineFor(ctx, room);
    const pool = castPool(sv.content, room.game.characterLimit);
    if (!pool.includes(characterId)) throw notFound('Character not available in this game');
    const player = room.players.find((p) => p.id === playerId);
    if (!player) throw notFound('Player not found in game');
    const holder = room.players.find((p) => p.characterId === characterId);
    if (holder && holder.id !== playerId) throw conflict('This character is already assigned to another player');
    if (holder?.id === playerId) return { result: null, room: null, reason: 'character_assigned' };
    await tx.updateTable('game_players').set({ character_id: characterId }).where('id', '=', playerId).execute();
    const players = room.players.map((p) => (p.id === playerId ? { ...p, characterId } : p));
    return { result: null, room: { ...room, players }, reason: 'character_assigned', privateFor: [playerId] };
  });
}

export async function unassignCharacter(ctx: AppContext, principal: Principal, gameId: string, playerId: string, commandId?: string) {
  await hostCommand(ctx, principal, gameId, commandId, async (tx, room) => {
    if (room.game.status !== 'setup') throw conflict('Characters can only be changed before the game starts');
    const player = room.players.find((p) => p.id === playerId);
    if (!player) throw notFound('Player not found in game');
    if (!player.characterId) return { result: null, room: null, reason: 'character_unassigned' };
    await tx.updateTable('game_players').set({ character_id: null }).where('id', '=', playerId).execute();
    const players = room.players.map((p) => (p.id === playerId ? { ...p, characterId: null } : p));
    return { result: null, room: { ...room, players }, reason: 'character_unassigned', privateFor: [playerId] };
  });
}

export async function removePlayer(ctx: AppContext, principal: Principal, gameId: string, playerId: string) {
  await hostCommand(ctx, principal, gameId, undefined, async (tx, room) => {
    if (room.game.status !== 'setup') throw conflict('Players can only be removed before the game starts');
    const player = room.players.find((p) => p.id === playerId);
    if (!player) throw notFound('Player not found in game');
    if (player.isHost) throw badRequest('The host cannot be removed from their own game');
    await tx
      .updateTable('game_players')
      .set({ removed_at: new Date(), character_id: null, session_version: sql`session_version + 1` })
      .where('id', '=', playerId)
      .execute();
    return {
      result: null,
      room: { ...room, players: room.players.filter((p) => p.id !== playerId) },
      reason: 'player_removed',
      after: () => ctx.broadcaster.revokePlayer(playerId),
    };
  });
}

export async function deleteGame(ctx: AppContext, principal: Principal, gameId: string) {
  await hostCommand(ctx, principal, gameId, undefined, async (tx, room) => {
    await tx.updateTable('games').set({ deleted_at: new Date() }).where('id', '=', gameId).execute();
    return {
      result: null,
      room: null,
      reason: 'settings_changed',
      after: async () => {
        await ctx.live.delete(gameId);
        ctx.broadcaster.deleted(room.game.id);
      },
    };
  });
}

function startGameOutcome(room: TLiveRoom, sv: Awaited<ReturnType<typeof storylineFor>>): { room: TLiveRoom; teams: Record<string, 'seeker' | 'shadow'> } {
  if (room.game.status !== 'setup') throw conflict('This game has already started');
  if (room.players.length < room.game.minPlayers) {
    throw conflict(`At least ${room.game.minPlayers} players are needed to start.`);
  }
  const unassigned = room.players.filter((p) => !p.characterId).length;
  if (unassigned > 0) throw conflict(`${unassigned} player(s) need character assignments first.`);
  const roles = sv.content.roles;
  if (!roles) throw conflict('This storyline cannot be played yet');
  const assigned = room.players.map((p) => p.characterId as string);
  const core = essentialCharacterIds(sv.content);
  if (core.some((id) => !assigned.includes(id))) {
    // The essential characters carry the clues that convict at every table size. Names the whole missing core
    // cast so the message does not reveal which one is the killer.
    const missing = core.filter((id) => !assigned.includes(id)).map((id) => sv.characters.get(id)?.name ?? id);
    throw conflict(`Assign the core characters first: ${missing.join(', ')}.`);
  }
  const teams = assignTeams({
    assignedCharacterIds: assigned,
    killerCharacterId: roles.killerCharacterId,
    detectiveCharacterId: roles.detectiveCharacterId,
    shadowCandidates: sv.content.shadowCandidates,
    shadowsByPlayerCount: sv.content.shadowsByPlayerCount,
    seed: room.game.id,
  });
  const players = room.players.map((p) => ({ ...p, team: teams[p.characterId as string] ?? 'seeker' }));
  return {
    room: { ...room, players, game: { ...room.game, status: 'in_progress', currentPhase: Phase.HOMEPAGE, startedAt: new Date().toISOString() } },
    teams,
  };
}

export async function patchGame(ctx: AppContext, principal: Principal, gameId: string, req: TPatchGameRequest) {
  await hostCommand(ctx, principal, gameId, req.commandId, async (tx, room): Promise<CommandOutcome<null>> => {
    const sv = await storylineFor(ctx, room);
    switch (req.action) {
      case 'start': {
        const out = startGameOutcome(room, sv);
        for (const p of out.room.players) {
          await tx.updateTable('game_players').set({ team: p.team }).where('id', '=', p.id).execute();
        }
        return { result: null, room: out.room, reason: 'game_started', privateFor: 'all' };
      }
      case 'advance':
      case 'set-phase': {
        if (room.game.status !== 'in_progress') throw conflict('The game is not in progress');
        const from = room.game.currentPhase;
        const to = req.action === 'advance' ? from + 1 : req.phase;
        if (to > PHASE_MAX) throw conflict('The game is already at the final vote');
        if (to === from) return { result: null, room: null, reason: 'phase_changed' };
        if (to < from) {
          if (from >= Phase.FINAL_VOTE && room.finalVoting.voterIds.length > 0) throw conflict('Final votes have been cast; the phase cannot go back');
          if (from >= Phase.SUSPECT_VOTE && room.suspectVoting.voterIds.length > 0) throw conflict('Suspect votes have been cast; the phase cannot go back');
        }
        let next: TLiveRoom = { ...room, game: { ...room.game, currentPhase: to } };
        let privateFor: readonly string[] | 'all' = [];
        if (to >= Phase.FINAL_VOTE && !room.suspectVoting.topSuspects) {
          // The host moves on before every ballot is in: the ballots cast so far decide the top 3.
          next = await closeSuspectVoting(tx, next);
          privateFor = 'all';
        }
        // Entering the final vote with nobody left who may vote ends the game (voting/complete-game.ts).
        next = await completeIfNobodyCanVote(tx, next, sv);
        return { result: null, room: next, reason: next.results ? 'game_completed' : 'phase_changed', privateFor };
      }
      case 'set-leader': {
        if (req.playerId && !room.players.some((p) => p.id === req.playerId)) throw notFound('Player not found in game');
        return { result: null, room: { ...room, game: { ...room.game, leaderPlayerId: req.playerId } }, reason: 'leader_changed' };
      }
      case 'start-defence': {
        if (room.game.currentPhase !== Phase.FINAL_VOTE) throw conflict('Defences take place in the final vote phase');
        if (!room.suspectVoting.topSuspects?.some((s) => s.playerId === req.suspectPlayerId)) {
          throw conflict('Only a top suspect gives a defence');
        }
        const startedAt = Date.now();
        const defence = { suspectPlayerId: req.suspectPlayerId, startedAt, durationMs: DEFENCE_MS, endsAt: startedAt + DEFENCE_MS };
        return {
          result: null,
          room: { ...room, defence },
          reason: 'defence_started',
          after: () => scheduleDefenceEnd(ctx, gameId, defence.endsAt),
        };
      }
      case 'set-expected-players': {
        if (room.game.status !== 'setup') throw conflict('The game has already started');
        if (req.expectedPlayers > room.game.characterLimit) throw badRequest(`At most ${room.game.characterLimit} players for this game`);
        return { result: null, room: { ...room, game: { ...room.game, expectedPlayers: req.expectedPlayers } }, reason: 'settings_changed' };
      }
      case 'set-feedback-mode': {
        if (room.game.status === 'completed') throw conflict('The game is over');
        return { result: null, room: { ...room, game: { ...room.game, feedbackMode: req.enabled } }, reason: 'settings_changed' };
      }
    }
  });
}

/**
 * The defence deadline lives in the room (every phone counts down to it); this instance also pushes when it
 * passes. If the instance dies first, the deadline still stands and the clients end the countdown themselves.
 */
function scheduleDefenceEnd(ctx: AppContext, gameId: string, endsAt: number) {
  const t = setTimeout(() => {
    void executeCommand(ctx, gameId, { actorId: gameId }, async (_tx, room) => {
      if (!room.defence || room.defence.endsAt !== endsAt) return { result: null, room: null, reason: 'defence_ended' };
      return { result: null, room: { ...room, defence: null }, reason: 'defence_ended' };
    }).catch((err) => ctx.log.warn({ err, gameId }, 'defence end push failed'));
  }, Math.max(0, endsAt - Date.now()));
  t.unref();
}

export async function listCharacters(ctx: AppContext, principal: Principal, gameId: string, playerCount?: number): Promise<TCharactersResponse> {
  const { room, actor } = await actorIn(ctx, principal, gameId);
  if (!actor.isHost && !actor.isAdmin) throw forbidden('Only the host can see the cast');
  const sv = await storylineFor(ctx, room);
  const totalAvailable = sv.content.characters.length;
  const characterLimit = room.game.characterLimit;
  // Without an expected count the cast follows the seats taken so far (at least the storyline's minimum), so the
  // host assigns exactly the characters the game needs.
  const wanted = playerCount ?? room.game.expectedPlayers ?? Math.max(room.players.length, room.game.minPlayers);
  const effectiveLimit = Math.max(0, Math.min(characterLimit, wanted, totalAvailable));
  const window = new Set(castFor(sv.content, effectiveLimit));
  const essential = new Set(essentialCharacterIds(sv.content));
  // Characters already held stay visible even if the window shrank.
  for (const p of room.players) if (p.characterId) window.add(p.characterId);
  const holder = new Map(room.players.filter((p) => p.characterId).map((p) => [p.characterId as string, p.id]));
  const characters = sv.content.castOrder
    .filter((id) => window.has(id))
    .map((id) => sv.characters.get(id))
    .filter((c): c is NonNullable<typeof c> => !!c)
    .map((c) => hostCharacterCard(c, essential.has(c.id), holder.get(c.id) ?? null))
    // Essential characters first (deal them first), each group by name, not in cast order: the cast order puts
    // killer and detective among the first few, and the host plays too, so the order must not hint at the killer.
    .sort((a, b) => Number(b.essential) - Number(a.essential) || a.name.localeCompare(b.name));
  return { characters, characterLimit, totalAvailable, effectiveLimit };
}
