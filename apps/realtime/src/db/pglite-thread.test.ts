import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, PGliteDialect, sql, type ColumnType } from 'kysely';
import type { PGlite } from 'kysely';
import { openPGliteThread } from './pglite-thread.js';
import { isUniqueViolation } from './pg-error.js';

interface T {
  items: { id: number; name: string; at: ColumnType<Date, never, never> };
}

describe('the embedded database on its own thread', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-'));
  let pglite: PGlite;
  let db: Kysely<T>;

  beforeAll(async () => {
    pglite = await openPGliteThread(dir);
    db = new Kysely<T>({ dialect: new PGliteDialect({ pglite }) });
    await sql`CREATE TABLE items (id int PRIMARY KEY, name text NOT NULL, at timestamptz NOT NULL DEFAULT now())`.execute(
      db,
    );
  }, 60_000);
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers rows as the database holds them (a timestamp as a Date) and counts affected rows', async () => {
    const inserted = await db
      .insertInto('items')
      .values([
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ])
      .executeTakeFirst();
    expect(inserted.numInsertedOrUpdatedRows).toBe(2n);
    const rows = await db.selectFrom('items').selectAll().orderBy('id').execute();
    expect(rows.map((r) => r.name)).toEqual(['a', 'b']);
    expect(rows[0]!.at).toBeInstanceOf(Date);
  });

  it("passes a database error's SQLSTATE and constraint back to the caller", async () => {
    const err = await db
      .insertInto('items')
      .values({ id: 1, name: 'again' })
      .execute()
      .catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    expect(err).toMatchObject({ code: '23505', constraint: 'items_pkey' });
  });

  it('commits a transaction whole, and a failed one leaves nothing', async () => {
    await db.transaction().execute(async (tx) => {
      await tx.insertInto('items').values({ id: 3, name: 'c' }).execute();
      await tx.updateTable('items').set({ name: 'C' }).where('id', '=', 3).execute();
    });
    const failed = await db
      .transaction()
      .execute(async (tx) => {
        await tx.insertInto('items').values({ id: 4, name: 'd' }).execute();
        await tx.insertInto('items').values({ id: 1, name: 'duplicate' }).execute();
      })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(failed)).toBe(true);
    const names = await db.selectFrom('items').select('name').orderBy('id').execute();
    expect(names.map((r) => r.name)).toEqual(['a', 'b', 'C']);
  });

  it('runs a query sent during a transaction after it, not inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const txDone = pglite.transaction(async (tx) => {
      await tx.query('INSERT INTO items (id, name) VALUES (5, $1)', ['e']);
      await held;
      await tx.rollback();
    });
    const outside = pglite.query<{ n: number }>('SELECT count(*)::int AS n FROM items WHERE id = 5');
    await new Promise((r) => setTimeout(r, 50));
    release();
    await txDone;
    // Rolled back before the outside query ran: it never sees row 5.
    expect((await outside).rows[0]!.n).toBe(0);
  });

  it('refuses every call once closed', async () => {
    const other = await openPGliteThread(mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-closed-')));
    await other.close();
    expect(other.closed).toBe(true);
    await expect(other.query('SELECT 1')).rejects.toThrow(/exited|closed/);
  }, 60_000);
});
