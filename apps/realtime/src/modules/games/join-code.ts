import { randomInt } from 'node:crypto';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/app-error.js';

export function generateJoinCode(): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}

/**
 * The game a room code names (typed in any case, spaces around it ignored), the newest if the code was used
 * before; never a deleted game. `playing`: only a game not yet completed (one can still be joined or watched).
 */
export async function gameIdByCode(ctx: AppContext, code: string, which: 'playing' | 'any'): Promise<string> {
  let query = ctx.db
    .selectFrom('games')
    .select('id')
    .where('join_code', '=', code.trim().toUpperCase())
    .where('deleted_at', 'is', null);
  if (which === 'playing') query = query.where('status', '<>', 'completed');
  const row = await query.orderBy('created_at', 'desc').executeTakeFirst();
  if (!row) throw notFound('Game not found');
  return row.id;
}
