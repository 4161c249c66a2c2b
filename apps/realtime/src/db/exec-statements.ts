import { sql, type Kysely } from 'kysely';

/** PGlite's extended protocol takes one statement per query, so multi-statement DDL is split here. */
export async function execStatements(db: Kysely<unknown>, text: string): Promise<void> {
  const statements = text
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
  for (const statement of statements) await sql.raw(statement).execute(db);
}
