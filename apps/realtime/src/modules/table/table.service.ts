import { ZGameEvent, caseFile, type TReplayResponse } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import type { InGame } from '../../plugins/auth-door.js';
import { refusalError } from '../game-runtime/command.js';
import { storylineFor } from '../games/games.service.js';
import { requireKillerRevealed } from '../table-live/reveal-gate.js';

/**
 * The case-file replay, read from the game's event log (the testing-mode daily tracker votes are events too) for
 * the host, the game's players and admins; the engine refuses it until the game is completed.
 */
export async function replayOf(ctx: AppContext, { room }: InGame): Promise<TReplayResponse> {
  requireKillerRevealed(room);
  const rows = await ctx.db.selectFrom('game_events').select(['seq', 'event', 'at']).where('game_id', '=', room.game.id).orderBy('seq').execute();
  const log = rows.map((r) => ({ seq: r.seq, at: new Date(r.at).toISOString(), event: ZGameEvent.parse(r.event) }));
  const out = caseFile(log, await storylineFor(ctx, room));
  if (!out.ok) throw out.code === 'GAME_NOT_COMPLETED' ? new AppError('CONFLICT', out.message, { reason: out.code }) : refusalError(out);
  return out.file;
}
