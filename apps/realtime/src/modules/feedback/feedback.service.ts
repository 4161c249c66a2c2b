import { randomUUID } from 'node:crypto';
import { phasesOf, theoryDay, ZSurvey, type TFeedbackRequest, type TSurvey, type TSurveyRequest } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { badRequest, conflict, forbidden } from '../../lib/app-error.js';
import type { Principal } from '../auth/principal.js';
import { actorIn, storylineFor } from '../games/games.service.js';
import { isUniqueViolation } from '../../db/pg-error.js';

/** The caller's own player in the game; feedback and surveys are only ever given in one's own name. */
async function ownPlayer(ctx: AppContext, principal: Principal, gameId: string, gamePlayerId: string) {
  const { room, actor } = await actorIn(ctx, principal, gameId);
  if (!actor.player) throw forbidden('Player not found in game');
  if (actor.player.id !== gamePlayerId) throw forbidden('You can only answer for your own player');
  return { room, player: actor.player };
}

export async function submitFeedback(ctx: AppContext, principal: Principal, gameId: string, input: TFeedbackRequest): Promise<void> {
  const { room } = await ownPlayer(ctx, principal, gameId, input.gamePlayerId);
  if (!room.game.isTestingMode && !room.game.feedbackMode) throw forbidden('Feedback is only collected in testing games');
  // The day a player formed a theory is one of this game's storyline days.
  const { dayCount } = phasesOf(await storylineFor(ctx, room));
  const allowed = [...Array.from({ length: dayCount }, (_, i) => theoryDay(i + 1)), 'never'];
  if (!allowed.includes(input.theoryFormationDay)) {
    throw badRequest(`theoryFormationDay must be one of ${allowed.slice(0, -1).join(', ')} or never`);
  }
  try {
    await ctx.db
      .insertInto('feedback')
      .values({
        id: randomUUID(),
        game_id: gameId,
        game_player_id: input.gamePlayerId,
        enjoyment_rating: input.enjoymentRating,
        theory_formation_day: input.theoryFormationDay,
        clarity_issues: input.clarityIssues ? input.clarityIssues : null,
        standout_moments: input.standoutMoments,
        would_play_another: input.wouldPlayAnother,
      })
      .execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('You have already shared feedback for this game');
    throw err;
  }
}

export async function submitSurvey(ctx: AppContext, principal: Principal, gameId: string, input: TSurveyRequest): Promise<TSurvey> {
  await ownPlayer(ctx, principal, gameId, input.gamePlayerId);
  const { gamePlayerId, ...answers } = input;
  const submittedAt = new Date();
  try {
    await ctx.db
      .insertInto('surveys')
      .values({ id: randomUUID(), game_id: gameId, game_player_id: gamePlayerId, answers: JSON.stringify(answers), submitted_at: submittedAt })
      .execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('You have already completed the survey for this game');
    throw err;
  }
  return { ...input, submittedAt: submittedAt.toISOString() };
}

export async function readSurvey(ctx: AppContext, principal: Principal, gameId: string, gamePlayerId: string): Promise<TSurvey | null> {
  await ownPlayer(ctx, principal, gameId, gamePlayerId);
  const row = await ctx.db
    .selectFrom('surveys')
    .select(['answers', 'submitted_at'])
    .where('game_id', '=', gameId)
    .where('game_player_id', '=', gamePlayerId)
    .executeTakeFirst();
  if (!row) return null;
  const answers = typeof row.answers === 'object' && row.answers !== null ? row.answers : {};
  return ZSurvey.parse({ ...answers, gamePlayerId, submittedAt: new Date(row.submitted_at).toISOString() });
}

export async function feedbackGiven(ctx: AppContext, principal: Principal, gameId: string, gamePlayerId: string): Promise<boolean> {
  await ownPlayer(ctx, principal, gameId, gamePlayerId);
  const row = await ctx.db
    .selectFrom('feedback')
    .select('id')
    .where('game_id', '=', gameId)
    .where('game_player_id', '=', gamePlayerId)
    .executeTakeFirst();
  return row !== undefined;
}
