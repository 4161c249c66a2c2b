import { ZGameEvent, caseFile, type TReplayResponse } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { AppError, forbidden } from '../../lib/app-error.js';
import type { Principal } from '../auth/principal.js';
import { refusalError } from '../game-runtime/command.js';
import { actorIn, storylineFor } from '../games/games.service.js';
import { requireKillerRevealed } from '../table-live/reveal-gate.js';

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
