import { ZGameEvent, caseFile, type TReplayResponse } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { AppError, forbidden } from '../../lib/app-error.js';
import type { Principal } from '../auth/principal.js';
import { refusalError } from '../games/command.js';
import { actorIn, storylineFor } from '../games/games.service.js';
import { requireKillerRevealed } from '../table-live/reveal-gate.js';

/**
 * The case-file replay, read from the game's event log (and the testing-mode daily tracker) for the host, the
 * game's players and admins; the engine refuses it until the game is completed.
 */
export async function replayOf(ctx: AppContext, principal: Principal, gameId: string): Promise<TReplayResponse> {
  const { room, actor } = await actorIn(ctx, principal, gameId);
  if (!actor.isHost && !actor.isAdmin && !actor.player) throw forbidden('You did not take part in this game');
  requireKillerRevealed(room);
  const [rows, daily] = await Promise.all([
    ctx.db.selectFrom('game_events').select(['seq', 'event', 'at']).where('game_id', '=', gameId).orderBy('seq').execute(),
    ctx.db.selectFrom('daily_votes').select(['voter_player_id', 'day', 'suspect_character_id']).where('game_id', '=', gameId).execute(),
  ]);
  const log = rows.map((r) => ({ seq: r.seq, at: new Date(r.at).toISOString(), event: ZGameEvent.parse(r.event) }));
  const accusations = daily.map((d) => ({ playerId: d.voter_player_id, day: d.day, suspectCharacterId: d.suspect_character_id }));
  const out = caseFile(log, await storylineFor(ctx, room), accusations);
  if (!out.ok) throw out.code === 'GAME_NOT_COMPLETED' ? new AppError('CONFLICT', out.message, { reason: out.code }) : refusalError(out);
  return out.file;
}
