import { nextRevealAt, type TGameState } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import type { RunAsServer } from '../game-runtime/run-as-server.js';

/**
 * The automatic pace of the shared reveal, driven by the server. The next step's time is part of the state
 * (`nextRevealAt`: when and by whom the step was reached), so nothing needs to be agreed between instances: the
 * instance that commits a step (or the end of the game) sets a timer for the next one, and the engine accepts the
 * first ask for a due step and answers any other "unchanged" (two instances, or a phone, asking at once). If that
 * instance stops before its timer fires, the phones ask for the due step themselves (they compute the same time),
 * so a restart never stalls the reveal.
 */
const timers = new WeakMap<AppContext, Map<string, NodeJS.Timeout>>();

export function scheduleRevealStep(ctx: AppContext, runAsServer: RunAsServer, room: TGameState): void {
  const due = room.game.status === 'completed' ? nextRevealAt(room.reveal) : null;
  let byGame = timers.get(ctx);
  if (!byGame) timers.set(ctx, (byGame = new Map()));
  const gameId = room.game.id;
  clearTimeout(byGame.get(gameId));
  byGame.delete(gameId);
  if (due === null || !room.reveal) return;
  const toStep = room.reveal.step + 1;
  const t = setTimeout(() => {
    byGame.delete(gameId);
    // A timer can fire a millisecond before the wall clock reaches `due`, and the engine refuses a step that is not
    // due yet (nothing would ask again): such a timer is set again for what is left.
    if (Date.now() < due) return scheduleRevealStep(ctx, runAsServer, room);
    void runAsServer(gameId, { type: 'advance_reveal', toStep }).catch((err: unknown) =>
      ctx.log.warn({ err, gameId }, 'automatic reveal step failed'),
    );
  }, Math.max(0, due - Date.now()));
  t.unref();
  byGame.set(gameId, t);
}

/** Timers end with the app (a closed app writes nothing more). */
export function stopRevealTimers(ctx: AppContext): void {
  for (const t of timers.get(ctx)?.values() ?? []) clearTimeout(t);
  timers.delete(ctx);
}
