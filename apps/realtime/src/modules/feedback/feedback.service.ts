import { randomUUID } from 'node:crypto';
import { phasesOf, theoryDay, ZSurvey, type TFeedbackRequest, type TSurvey, type TSurveyRequest } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { badRequest, conflict, forbidden } from '../../lib/app-error.js';
import type { InSeat } from '../../plugins/auth-door.js';
import { storylineFor } from '../games/games.service.js';
import { isUniqueViolation } from '../../db/pg-error.js';

/** The caller's own seat (the door admitted a seat); feedback and surveys are only ever given in one's own name. */
function ownPlayer(seat: InSeat, gamePlayerId: string): InSeat {
  if (seat.player.id !== gamePlayerId) throw forbidden('You can only answer for your own player');
  return seat;
}

export async function submitFeedback(ctx: AppContext, seat: InSeat, input: TFeedbackRequest): Promise<void> {
  const { room } = ownPlayer(seat, input.gamePlayerId);
  const gameId = room.game.id;
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

export async function submitSurvey(ctx: AppContext, seat: InSeat, input: TSurveyRequest): Promise<TSurvey> {
  const gameId = ownPlayer(seat, input.gamePlayerId).room.game.id;
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

export async function readSurvey(ctx: AppContext, seat: InSeat, gamePlayerId: string): Promise<TSurvey | null> {
  const gameId = ownPlayer(seat, gamePlayerId).room.game.id;
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

export async function feedbackGiven(ctx: AppContext, seat: InSeat, gamePlayerId: string): Promise<boolean> {
  const gameId = ownPlayer(seat, gamePlayerId).room.game.id;
  const row = await ctx.db
    .selectFrom('feedback')
    .select('id')
    .where('game_id', '=', gameId)
    .where('game_player_id', '=', gamePlayerId)
    .executeTakeFirst();
  return row !== undefined;
}
