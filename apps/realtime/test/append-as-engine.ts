import { evolve, type TGameEvent, type TGameState } from '@ss/protocol';
import { commandBus } from '../src/modules/game-runtime/command.js';
import { appendEvents, loadState } from '../src/modules/game-runtime/event-store.js';
import { project } from '../src/modules/game-runtime/projector.js';
import type { TestServer } from './harness.js';

/** What a write past the runtime committed: the game's state before and after it, and the commit's time. */
export interface PastRuntimeWrite {
  before: TGameState;
  after: TGameState;
  at: Date;
}

/**
 * Appends events to a game's log as the engine would have (actor `system`), with their projections in the same
 * transaction, but past the runtime: nothing is pushed and the instance's copies of the room are left as they
 * were. For the states a test cannot reach by commands (a writer that died, a clock it cannot wait for).
 */
export async function appendPastRuntime(server: TestServer, gameId: string, events: readonly TGameEvent[]): Promise<PastRuntimeWrite> {
  const { ctx } = server;
  const before = await loadState(ctx.db, gameId);
  if (!before) throw new Error(`no game ${gameId}`);
  const storyline = await ctx.catalog.get(before.game.storylineId, before.game.storylineVersion);
  let after = before;
  const rows = events.map((event) => {
    after = evolve(after, event);
    return { gameId, seq: after.version, event, actor: 'system', commandId: null };
  });
  const at = new Date();
  await ctx.db.transaction().execute(async (tx) => {
    await appendEvents(tx, rows, at);
    await project(tx, [{ before, after, storyline }], at);
  });
  return { before, after, at };
}

/** The same, then drops the instance's copies of the room (command bus and live store), so the next command reads the log. */
export async function appendAsEngine(server: TestServer, gameId: string, events: readonly TGameEvent[]): Promise<void> {
  await appendPastRuntime(server, gameId, events);
  commandBus(server.ctx).forget(gameId);
  await server.ctx.live.delete(gameId);
}
