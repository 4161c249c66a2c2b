import { randomInt } from 'node:crypto';
import { casesOf, type TStorylineCase, type TStorylineContent } from '@ss/protocol';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { badRequest } from '../../lib/app-error.js';

/**
 * The cases a host has finished games of: case id -> completed games. A game's case is read from its results
 * (written when it completed); results written before cases existed name none and count as the first case.
 */
export async function finishedCases(db: Db, hostUserId: string, content: TStorylineContent): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('games')
    .innerJoin('game_results', 'game_results.game_id', 'games.id')
    .select([sql<string | null>`game_results.data->>'caseId'`.as('case_id'), sql<number>`count(*)::int`.as('n')])
    .where('games.host_user_id', '=', hostUserId)
    .where('games.storyline_id', '=', content.id)
    .where('games.status', '=', 'completed')
    .groupBy(sql`game_results.data->>'caseId'`)
    .execute();
  const first = casesOf(content)[0]?.id;
  const out = new Map<string, number>();
  for (const r of rows) {
    const id = r.case_id ?? first;
    if (id) out.set(id, (out.get(id) ?? 0) + Number(r.n));
  }
  return out;
}

/**
 * The case of a new game: the one asked for (by id or by its public number; an unknown one is a 400 that names no
 * case id, since ids can give an answer away), or "Surprise me": one this host has not finished a game of yet, else any, at random among them.
 */
export function chooseCase(
  content: TStorylineContent,
  ask: { caseId?: string | undefined; caseNumber?: number | undefined },
  finished: ReadonlyMap<string, number>,
): TStorylineCase {
  const cases = casesOf(content);
  if (cases.length === 0) throw badRequest('This storyline has no case to play yet');
  if (ask.caseId !== undefined) {
    const k = cases.find((c) => c.id === ask.caseId);
    if (!k) throw badRequest(`Unknown case for this storyline: choose a case it has, or leave caseId out for "Surprise me"`, { field: 'caseId' });
    return k;
  }
  if (ask.caseNumber !== undefined) {
    const k = cases[ask.caseNumber - 1];
    if (!k) throw badRequest(`This storyline has ${cases.length} case(s): caseNumber must be from 1 to ${cases.length}`, { field: 'caseNumber' });
    return k;
  }
  const fresh = cases.filter((c) => !finished.has(c.id));
  const pool = fresh.length > 0 ? fresh : cases;
  return pool[randomInt(pool.length)] as TStorylineCase;
}
