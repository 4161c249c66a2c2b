import { sql, type RawBuilder, type Updateable } from 'kysely';
import type { Database } from './schema.js';

/**
 * The SET of an upsert in which the incoming row's values win for the named columns (`col = excluded.col`); the
 * columns not named keep what the stored row holds. Typed by table, so a misspelt column does not compile.
 */
export function incomingWins<T extends keyof Database, C extends keyof Database[T] & keyof Updateable<Database[T]> & string>(
  _table: T,
  columns: readonly C[],
): { [K in C]: RawBuilder<Updateable<Database[T]>[K]> } {
  return Object.fromEntries(columns.map((c) => [c, sql.ref(`excluded.${c}`)])) as { [K in C]: RawBuilder<Updateable<Database[T]>[K]> };
}
