import { randomUUID } from 'node:crypto';
import { ZGameEvent, caseFile, type TReplayResponse } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { AppError, forbidden } from '../../lib/app-error.js';
import type { Principal } from '../auth/principal.js';
import { refusalError } from '../games/command.js';
import { actorIn, gameCommand, storylineFor } from '../games/games.service.js';
import { requireKillerRevealed } from '../table-live/reveal-gate.js';

export const setCoHost = (ctx: AppContext, p: Principal, gameId: string, playerId: string | null, commandId?: string) =>
  gameCommand(ctx, p, gameId, { type: 'set_co_host', playerId }, commandId);

export const startDefence = (ctx: AppContext, p: Principal, gameId: string, suspectPlayerId: string, commandId?: string) =>
  gameCommand(ctx, p, gameId, { type: 'start_defence', suspectPlayerId }, commandId);

export const stopDefence = (ctx: AppContext, p: Principal, gameId: string, commandId?: string) =>
  gameCommand(ctx, p, gameId, { type: 'stop_defence' }, commandId);

/** The seed is drawn once here; the engine records the deal it gives, so the log replays without it. */
export const dealCast = (ctx: AppContext, p: Principal, gameId: string, commandId?: string) =>
  gameCommand(ctx, p, gameId, { type: 'deal_cast', seed: randomUUID() }, commandId);

/**
 * The case-file replay, read from the game's event log (the testing-mode daily tracker votes are events too) for
 * the host, the game's players and admins; the engine refuses it until the game is completed.
 */
export async function replayOf(ctx: AppContext, principal: Principal, gameId: string): Promise<TReplayResponse> {
  const { room, actor } = await actorIn(ctx, principal, gameId);
  if (!actor.isHost && !actor.isAdmin && !actor.player) throw forbidden('You did not take part in this game');
  requireKillerRevealed(room);
  const rows = await ctx.db.selectFrom('game_events').select(['seq', 'event', 'at']).where('game_id', '=', gameId).orderBy('seq').execute();
  const log = rows.map((r) => ({ seq: r.seq, at: new Date(r.at).toISOString(), event: ZGameEvent.parse(r.event) }));
  const out = caseFile(log, await storylineFor(ctx, room));
  if (!out.ok) throw out.code === 'GAME_NOT_COMPLETED' ? new AppError('CONFLICT', out.message, { reason: out.code }) : refusalError(out);
  return out.file;
}
