import type { TGameEvent, TGameState } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import type { StorylineVersion } from '../storylines/storyline-catalog.js';
import type { LogRow } from './event-store.js';
import type { RunAsServer } from './run-as-server.js';
import { scheduleRevealStep } from '../table-live/reveal-timer.js';

/**
 * Events whose push may wait for the game's next commit (the bursts: votes, joins, the cast being assigned). No
 * side effect has to follow their push in order, and their senders are answered without waiting for it.
 */
const MAY_WAIT = new Set<TGameEvent['type']>(['suspect_ballot_cast', 'suspects_revealed', 'final_vote_cast', 'player_joined', 'character_assigned', 'character_unassigned']);
export const pushMayWait = (rows: readonly LogRow[]) => rows.every((r) => MAY_WAIT.has(r.event.type));

/**
 * What follows the commits of a game's events (`rows`, in log order), after their transactions: the push to phones
 * (from `pushFrom`, the state the phones were last pushed; none for a new game, which nobody follows yet), and the
 * side effects some events call for (closing a removed seat's sockets, closing a deleted game's room, ending a
 * defence on time).
 */
export async function afterCommit(
  ctx: AppContext,
  pushFrom: TGameState | null,
  after: TGameState,
  storyline: StorylineVersion,
  rows: readonly LogRow[],
  runAsServer: RunAsServer,
): Promise<void> {
  const gameId = after.game.id;
  if (pushFrom) ctx.broadcaster.publish(pushFrom, after, storyline, rows.map((r) => r.event.type));
  for (const { event } of rows) {
    if (event.type === 'player_removed') ctx.broadcaster.revokePlayer(event.playerId);
    if (event.type === 'seat_moved') ctx.broadcaster.seatMoved(gameId, event.playerId);
    if (event.type === 'game_deleted') {
      await ctx.live.delete(gameId);
      ctx.broadcaster.deleted(gameId);
    }
    if (event.type === 'defence_started') scheduleDefenceEnd(ctx, runAsServer, gameId, event.defence.endsAt);
  }
  // The shared reveal's next automatic step, from the state this commit reached.
  if (rows.some((r) => r.event.type === 'game_completed' || r.event.type === 'reveal_advanced')) scheduleRevealStep(ctx, runAsServer, after);
}

/**
 * The defence deadline is in the state (every phone counts down to it); the instance that started it also ends it
 * on time. If that instance dies first, the deadline still stands and the phones end the countdown themselves.
 */
function scheduleDefenceEnd(ctx: AppContext, runAsServer: RunAsServer, gameId: string, endsAt: number) {
  const t = setTimeout(() => {
    void runAsServer(gameId, { type: 'end_defence', endsAt }).catch((err: unknown) =>
      ctx.log.warn({ err, gameId }, 'defence end failed'),
    );
  }, Math.max(0, endsAt - Date.now()));
  t.unref();
}
