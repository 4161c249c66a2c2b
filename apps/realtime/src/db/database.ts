import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { Kysely, PGliteDialect, PostgresDialect, sql, type LogEvent, type Transaction } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Database } from './schema.js';
import { lockDataDir } from './data-dir-lock.js';
import { openPGliteThread } from './pglite-thread.js';
import { infraErrors } from '../lib/error-counters.js';
import { queryTrace } from '../lib/query-trace.js';
import * as m001 from './migrations/2026_11_22_001_initial.js';
import * as m002 from './migrations/2026_11_22_002_payment_intents.js';
import * as m003p from './migrations/2026_11_23_003_payment_events.js';
import * as m003g from './migrations/2026_11_23_003_game_events.js';
import * as m004 from './migrations/2026_11_24_004_lighter_hot_writes.js';
import * as m005 from './migrations/2026_11_25_005_story_days.js';
import * as m006 from './migrations/2026_11_25_006_dead_weight.js';
import * as m007 from './migrations/2026_11_25_007_mail_links.js';

export type DB = Kysely<Database>;
/** The database or a transaction on it: what a repository function runs its query on. */
export type Db = DB | Transaction<Database>;

/** Migrations are listed here (not read from disk) so they work the same under tsx, tests and bundles. */
const migrations: Record<string, Migration> = {
  '2026_11_22_001_initial': m001,
  '2026_11_22_002_payment_intents': m002,
  '2026_11_23_003_game_events': m003g,
  '2026_11_23_003_payment_events': m003p,
  '2026_11_24_004_lighter_hot_writes': m004,
  '2026_11_25_005_story_days': m005,
  '2026_11_25_006_dead_weight': m006,
  '2026_11_25_007_mail_links': m007,
};

class StaticProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

export interface DatabaseHandle {
  db: DB;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * Failed queries are counted for the metrics (the caller still gets, and maps, the error); every statement is
 * handed to the request trace, which keeps it only while a listener wants it.
 */
const countQueryErrors = (event: LogEvent) => {
  if (event.level === 'error') infraErrors.postgres += 1;
  queryTrace.record(event.query.sql);
};

/** Real Postgres when DATABASE_URL is set, else PGlite persisted under dataDir/pglite, on a thread of its own. */
export async function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pg = await import('pg');
    // bigint (version) comes back as string; keep it a string and convert where needed.
    const pool = new pg.default.Pool({ connectionString: opts.databaseUrl, max: 20 });
    // An idle client whose connection the server ends (restart, failover) must not crash the process; the pool
    // replaces it on next use.
    pool.on('error', (err) => {
      infraErrors.postgres += 1;
      console.warn(`postgres idle client error: ${err.message}`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: countQueryErrors });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const dir = path.join(opts.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const unlock = lockDataDir(opts.dataDir);
  let pglite;
  try {
    pglite = await openPGliteThread(dir);
  } catch (err) {
    unlock();
    throw err;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), log: countQueryErrors });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
      unlock();
    },
  };
}

export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}

/** One trivial query: whether the database answers (the readiness check). */
export async function pingDatabase(db: DB): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
