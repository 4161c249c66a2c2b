import type { TLiveRoom } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import type { StorylineVersion } from '../storylines/storyline-catalog.js';
import { runCommand } from './command.js';
import type { LogRow } from './event-store.js';

/**
 * What follows a commit of a game's events, after the transaction: the pushes to phones, and the side effects
 * some events call for (closing a removed seat's sockets, closing a deleted game's room, ending a defence on
 * time). Pushes for a new game (no earlier state) are not needed: nobody follows it yet.
 */
export async function afterCommit(ctx: AppContext, before: TLiveRoom | null, after: TLiveRoom, sv: StorylineVersion, rows: readonly LogRow[]): Promise<void> {
  const gameId = after.game.id;
  if (before) ctx.broadcaster.publish(before, after, sv, rows.map((r) => r.event.type));
  for (const { event } of rows) {
    if (event.type === 'player_removed') ctx.broadcaster.revokePlayer(event.playerId);
    if (event.type === 'seat_moved') ctx.broadcaster.seatMoved(gameId, event.playerId);
    if (event.type === 'game_deleted') {
      await ctx.live.delete(gameId);
      ctx.broadcaster.deleted(gameId);
    }
    if (event.type === 'defence_started') scheduleDefenceEnd(ctx, gameId, event.defence.endsAt);
  }
}

/**
 * The defence deadline is in the state (every phone counts down to it); the instance that started it also ends it
 * on time. If that instance dies first, the deadline still stands and the phones end the countdown themselves.
 */
function scheduleDefenceEnd(ctx: AppContext, gameId: string, endsAt: number) {
  const t = setTimeout(() => {
    void runCommand(ctx, gameId, { type: 'end_defence', endsAt }, { kind: 'system' }).catch((err: unknown) =>
      ctx.log.warn({ err, gameId }, 'defence end failed'),
    );
  }, Math.max(0, endsAt - Date.now()));
  t.unref();
}
