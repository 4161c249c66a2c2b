import { ZGameEvent, ZGameState, evolve, fold, replay, type TGameEvent, type TGameState } from '@ss/protocol';
import { sql, type CompiledQuery, type QueryCreator } from 'kysely';
import type { DB } from '../../db/database.js';
import { incomingWins } from '../../db/incoming-wins.js';
import type { Database } from '../../db/schema.js';
import { project, type Statement, type Tx } from './projector.js';
import type { StorylineVersion } from '../storylines/storyline-catalog.js';

/** A snapshot of the folded state is written every this many events (loading = snapshot + the events after it). */
export const SNAPSHOT_EVERY = 50;

export interface LogRow {
  gameId: string;
  seq: number;
  event: TGameEvent;
  /** Who sent the command: `user:<id>`, `player:<id>`, `system` or `guest`. */
  actor: string;
  commandId: string | null;
}

const rowKey = (gameId: string, seq: number) => `${gameId}:${seq}`;

/** The game's state: its latest snapshot plus the events after it; null when the game does not exist. */
export async function loadState(db: DB, gameId: string): Promise<TGameState | null> {
  const snap = await db.selectFrom('game_snapshots').select(['seq', 'state']).where('game_id', '=', gameId).executeTakeFirst();
  const events = await eventsAfter(db, gameId, snap?.seq ?? 0);
  if (!snap) return events.length > 0 ? replay(events) : null;
  return fold(ZGameState.parse(snap.state), events);
}

/** The state as it was at `version` (for a phone that asks for the changes since then). */
export async function loadStateAt(db: DB, gameId: string, version: number): Promise<TGameState | null> {
  const events = await eventsAfter(db, gameId, 0, version);
  if (events.length === 0 || events.length !== version) return null;
  return replay(events);
}

/** The game's logged events after `seq` (and up to `upTo`, if given), in order. */
export async function eventsAfter(db: DB, gameId: string, seq: number, upTo?: number): Promise<{ seq: number; event: TGameEvent }[]> {
  let query = db.selectFrom('game_events').select(['seq', 'event']).where('game_id', '=', gameId).where('seq', '>', seq);
  if (upTo !== undefined) query = query.where('seq', '<=', upTo);
  const rows = await query.orderBy('seq').execute();
  return rows.map((r) => ({ seq: r.seq, event: ZGameEvent.parse(r.event) }));
}

/**
 * The insert of these rows into the log. Each column travels as one array parameter (`unnest`), so the statement's
 * text, its parameters and the work to build, parse and plan it stay the same size however many rows a group
 * commit carries; a VALUES list cost a parameter per field and a statement text that grew with the rows.
 */
function eventsInsert(qc: QueryCreator<Database>, rows: readonly LogRow[], at: Date) {
  return qc
    .insertInto('game_events')
    .columns(['game_id', 'seq', 'type', 'event', 'actor', 'command_id', 'at'])
    .expression(
      sql`SELECT g, s, t, e::jsonb, a, c, ${at}::timestamptz FROM unnest(${rows.map((r) => r.gameId)}::uuid[], ${rows.map((r) => r.seq)}::int[], ${rows.map((r) => r.event.type)}::text[], ${rows.map((r) => JSON.stringify(r.event))}::text[], ${rows.map((r) => r.actor)}::text[], ${rows.map((r) => r.commandId)}::text[]) AS u(g, s, t, e, a, c)`,
    );
}

/**
 * Appends the rows of every game in one multi-row insert. A row whose (game, seq) is taken (another writer
 * appended first) or whose command id is already in the log is skipped; the answer is the set of rows written.
 */
export async function appendEvents(tx: Tx, rows: readonly LogRow[], at: Date): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await eventsInsert(tx, rows, at)
    .onConflict((oc) => oc.doNothing())
    .returning(['game_id', 'seq'])
    .execute();
  return new Set(inserted.map((r) => rowKey(r.game_id, r.seq)));
}

/**
 * Bind parameters one statement may carry: the Postgres wire protocol counts them in 16 bits (65,535 at most).
 * A commit over this is split across commits (see the command bus).
 */
export const MAX_PARAMS = 60_000;

/**
 * A whole commit as one SQL statement (one round trip, atomic on its own): the events' insert and the other
 * writes as data-modifying CTEs. The events' insert has no ON CONFLICT, so a taken (game, seq) or a command id
 * already in the log fails the whole statement with 23505 and nothing is written; the caller then commits the
 * batch the careful way, which finds out which games lost.
 */
export function commitStatement(db: DB, rows: readonly LogRow[], writes: readonly Statement[], at: Date): CompiledQuery {
  const parts = [eventsInsert(db, rows, at), ...writes];
  return sql`WITH ${sql.join(parts.map((part, i) => sql`${sql.raw(`w${i}`)} AS (${part})`))} SELECT 1`.compile(db);
}

export const isWritten = (written: Set<string>, r: LogRow) => written.has(rowKey(r.gameId, r.seq));

/** Takes back rows written in this transaction for games that lost a race, so none of their batch remains. */
export async function removeEvents(tx: Tx, rows: readonly LogRow[]): Promise<void> {
  for (const r of rows) {
    await tx.deleteFrom('game_events').where('game_id', '=', r.gameId).where('seq', '=', r.seq).execute();
  }
}

export async function saveSnapshots(tx: Tx, states: readonly TGameState[], at: Date): Promise<void> {
  await snapshotWrite(tx, states, at)?.execute();
}

/** The upsert of these states' snapshots (none when there are none). */
export function snapshotWrite(qc: QueryCreator<Database>, states: readonly TGameState[], at: Date): Statement | null {
  if (states.length === 0) return null;
  return qc
    .insertInto('game_snapshots')
    .values(states.map((s) => ({ game_id: s.game.id, seq: s.version, state: JSON.stringify(s), at })))
    .onConflict((oc) =>
      oc.column('game_id').doUpdateSet(incomingWins('game_snapshots', ['seq', 'state', 'at'])).where('game_snapshots.seq', '<', sql<number>`excluded.seq`),
    );
}

/** Which of these command ids the log already holds (a retry of a command that was applied). */
export async function knownCommands(db: DB, items: readonly { gameId: string; commandId: string }[]): Promise<Set<string>> {
  if (items.length === 0) return new Set();
  const rows = await db
    .selectFrom('game_events')
    .select(['game_id', 'command_id'])
    .where('command_id', 'in', [...new Set(items.map((i) => i.commandId))])
    .where('game_id', 'in', [...new Set(items.map((i) => i.gameId))])
    .execute();
  return new Set(rows.map((r) => `${r.game_id}:${r.command_id}`));
}

/** A new game: its first event (game_created) and its rows, in one transaction (a taken join code throws 23505). */
export async function createGameLog(db: DB, created: TGameEvent & { type: 'game_created' }, storyline: StorylineVersion, actor: string): Promise<TGameState> {
  const state = evolve(null as unknown as TGameState, created, 1);
  const at = new Date();
  await db.transaction().execute(async (tx) => {
    await appendEvents(tx, [{ gameId: created.game.id, seq: 1, event: created, actor, commandId: null }], at);
    await project(tx, [{ before: null, after: state, storyline }], at);
    // Nobody follows a game yet when it is created: nothing to push.
    await tx.insertInto('game_published').values({ game_id: created.game.id, seq: 1, at }).execute();
  });
  return state;
}
