import type { DB } from '../../db/database.js';

export const findUserByEmail = (db: DB, email: string) =>
  db.selectFrom('users').selectAll().where('email_lower', '=', email.trim().toLowerCase()).executeTakeFirst();

export const findUserById = (db: DB, id: string) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

/** The roles the database holds now for these users (a deleted user is missing from the answer). */
export async function currentRoles(db: DB, ids: readonly string[]): Promise<Map<string, 'host' | 'admin'>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'role']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r.role === 'admin' ? 'admin' : 'host']));
}

/** Inserts unless the e-mail exists; the unique index decides races, so parallel signups create one user. */
export async function insertUser(
  db: DB,
  user: { id: string; displayName: string; email: string; passwordHash: string; role: 'host' | 'admin' },
): Promise<boolean> {
  const res = await db
    .insertInto('users')
    .values({
      id: user.id,
      display_name: user.displayName,
      email: user.email,
      email_lower: user.email.toLowerCase(),
      password_hash: user.passwordHash,
      role: user.role,
    })
    .onConflict((oc) => oc.column('email_lower').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export const setUserRole = (db: DB, id: string, role: 'host' | 'admin') =>
  db.updateTable('users').set({ role }).where('id', '=', id).execute();
