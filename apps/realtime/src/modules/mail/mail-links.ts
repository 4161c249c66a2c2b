import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/database.js';
import type { MailLinksTable } from '../../db/schema.js';

export type LinkPurpose = MailLinksTable['purpose'];

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** A one-time link's secret (256 bits: not guessable, so no limit guards the redeeming side's secrecy). */
export async function createMailLink(
  db: DB,
  link: { purpose: LinkPurpose; email: string; userId?: string; gameId?: string; gamePlayerId?: string; ttlMs: number },
): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  await db
    .insertInto('mail_links')
    .values({
      token_hash: hashOf(secret),
      purpose: link.purpose,
      email: link.email,
      user_id: link.userId ?? null,
      game_id: link.gameId ?? null,
      game_player_id: link.gamePlayerId ?? null,
      expires_at: new Date(Date.now() + link.ttlMs),
    })
    .execute();
  return secret;
}

/** Uses a link once: its row while unexpired and unused (marked used in the same statement), else undefined. */
export async function redeemMailLink(db: DB, purpose: LinkPurpose, secret: string) {
  return db
    .updateTable('mail_links')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', hashOf(secret))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The address a link opens: the configured public URL (never the request's Host header, which the caller
 * writes), else this server's own port on localhost (development).
 */
export function linkUrl(ctx: AppContext, pagePath: string, secret: string): string {
  const base = ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`;
  return `${new URL(pagePath, base).toString()}#t=${secret}`;
}
