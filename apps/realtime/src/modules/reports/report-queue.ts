import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { ReportRequestsTable } from '../../db/schema.js';

/**
 * The durable report queue: one report_requests row per request. Rows move pending → sending → sent, or back to
 * pending with a later next_attempt_at after a failure, or to failed after MAX_ATTEMPTS. While a row is
 * 'sending', next_attempt_at is its lease expiry: a worker that died mid-send leaves it to be claimed again.
 */
export type ReportJob = Selectable<ReportRequestsTable>;

export const MAX_ATTEMPTS = 5;
/** A 'sending' row whose worker has not finished within this time is considered abandoned and retried. */
export const LEASE_SECONDS = 120;
/** The same address asking again for the same game within this window is answered without a second mail. */
export const DEDUPE_MINUTES = 10;

/** Exponential backoff after the n-th failed attempt (1-based): 2 s, 4 s, 8 s, 16 s ... capped at 5 minutes. */
export function backoffMs(attempt: number): number {
  return Math.min(2 ** Math.max(1, attempt) * 1000, 5 * 60 * 1000);
}

/**
 * Queues a report unless the same game+address has a pending, sending or sent request from the last minutes.
 * The game row is locked so two simultaneous requests cannot both pass the check.
 */
export async function enqueueReport(
  db: DB,
  req: { gameId: string; gamePlayerId: string | null; email: string; delayMs: number },
): Promise<{ queued: boolean; id?: string }> {
  return db.transaction().execute(async (tx) => {
    await tx.selectFrom('games').select('id').where('id', '=', req.gameId).forUpdate().executeTakeFirstOrThrow();
    const recent = await tx
      .selectFrom('report_requests')
      .select('id')
      .where('game_id', '=', req.gameId)
      .where(sql<string>`lower(email)`, '=', req.email.toLowerCase())
      .where('status', 'in', ['pending', 'sending', 'sent'])
      .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${DEDUPE_MINUTES})`)
      .executeTakeFirst();
    if (recent) return { queued: false };
    const id = randomUUID();
    await tx
      .insertInto('report_requests')
      .values({
        id,
        game_id: req.gameId,
        game_player_id: req.gamePlayerId,
        email: req.email,
        next_attempt_at: sql<Date>`now() + make_interval(secs => ${req.delayMs / 1000})`,
      })
      .execute();
    return { queued: true, id };
  });
}

/**
 * Claims the next due job for this worker. FOR UPDATE SKIP LOCKED makes concurrent claimers (other instances)
 * pass over a row being claimed, and the status/lease change commits with the claim, so a job is handed to
 * exactly one worker at a time. Abandoned 'sending' rows (lease expired) are due again.
 */
export async function claimNextJob(db: DB): Promise<ReportJob | undefined> {
  const res = await sql<ReportJob>`
    UPDATE report_requests
       SET status = 'sending', attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
     WHERE id = (
       SELECT id FROM report_requests
        WHERE status IN ('pending', 'sending') AND next_attempt_at <= now()
        ORDER BY next_attempt_at
        LIMIT 1
        FOR UPDATE SKIP LOCKED)
    RETURNING *`.execute(db);
  return res.rows[0];
}

/** Marks a claimed job sent; the attempts check keeps a late worker from overwriting a re-claimed lease. */
export async function markSent(db: DB, job: ReportJob): Promise<void> {
  await db
    .updateTable('report_requests')
    .set({ status: 'sent', sent_at: new Date(), last_error: null })
    .where('id', '=', job.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', job.attempts)
    .execute();
}

/** After a failure: retry later with backoff, or give up after MAX_ATTEMPTS. */
export async function markFailed(db: DB, job: ReportJob, error: string, permanent = false): Promise<'failed' | 'pending'> {
  const giveUp = permanent || job.attempts >= MAX_ATTEMPTS;
  await db
    .updateTable('report_requests')
    .set({
      status: giveUp ? 'failed' : 'pending',
      last_error: error.slice(0, 1000),
      next_attempt_at: giveUp ? sql<Date>`now()` : sql<Date>`now() + make_interval(secs => ${backoffMs(job.attempts) / 1000})`,
    })
    .where('id', '=', job.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', job.attempts)
    .execute();
  return giveUp ? 'failed' : 'pending';
}
