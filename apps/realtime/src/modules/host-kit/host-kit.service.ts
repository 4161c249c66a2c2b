import { storylineOf, Refusal, type TAnswerSheetResponse, type THostKitResponse } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import type { Principal } from '../auth/principal.js';
import type { InGame } from '../../plugins/auth-door.js';
import { entitlement } from '../games/games.service.js';
import { requireKillerRevealed } from '../table-live/reveal-gate.js';
import { renderHostGuidePdf } from './host-guide-pdf.js';

/**
 * The host's script for the game's storyline version: only for whoever drives the game (host, co-host, acting
 * host). It is case-neutral (no killer, no case), but it is the host's, so players do not get it.
 */
export async function hostKitOf(ctx: AppContext, { room }: InGame): Promise<THostKitResponse> {
  const { content } = await ctx.catalog.get(room.game.storylineId, room.game.storylineVersion);
  if (!content.hostKit) throw notFound('This storyline has no host notes');
  return { storylineId: content.id, kit: content.hostKit };
}

/**
 * The case's answer sheet, for every seat and the host, once the final vote has closed (the game is completed) and
 * the room's reveal has named the killer; before that it is refused and nothing of it leaves the server.
 */
export async function answerSheetOf(ctx: AppContext, { room }: InGame): Promise<TAnswerSheetResponse> {
  const gameId = room.game.id;
  if (room.game.status !== 'completed') {
    throw new AppError('CONFLICT', 'The answer sheet opens after the final vote', { reason: Refusal.GAME_NOT_COMPLETED });
  }
  requireKillerRevealed(room);
  const storyline = storylineOf(room, await ctx.catalog.get(room.game.storylineId, room.game.storylineVersion));
  const k = storyline.case;
  if (!k?.answerSheet) throw notFound('This case has no answer sheet');
  // Only a completed game whose reveal has named the killer gets here: the answer is the same for every caller.
  // eslint-disable-next-line no-restricted-syntax -- the game is over and the room has seen the killer
  return { gameId, caseTitle: k.title, killerName: storyline.characters.get(k.killerCharacterId)?.name ?? 'Unknown', sheet: k.answerSheet };
}

/** The printable host guide of a storyline, for a user who may host it (a purchase, a free tier, or an admin). */
export async function hostGuidePdf(ctx: AppContext, p: Principal, storylineId: string): Promise<{ pdf: Buffer; filename: string }> {
  if (p.kind !== 'user') throw forbidden('Sign in as the host to download the host guide');
  await entitlement(ctx, p, storylineId);
  const version = ctx.catalog.latestVersion(storylineId);
  if (version === undefined) throw notFound('Storyline not found');
  const { content } = await ctx.catalog.get(storylineId, version);
  if (!content.hostKit) throw notFound('This storyline has no host guide');
  return { pdf: await renderHostGuidePdf(content, content.hostKit), filename: `${content.id}-host-guide.pdf` };
}
