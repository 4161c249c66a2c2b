import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SURVEY_RATINGS, type TSurveyResponse } from '@ss/protocol';
import { TEST_MODE, uniqueEmail } from './harness.js';
import { serverForSuite } from './suite-server.js';
import { startedGame, type PlayedGame } from './completed-game.js';

const ADMINS = Array.from({ length: 6 }, () => uniqueEmail('admin'));
let nextAdmin = 0;
const admin = () => ADMINS[nextAdmin++] ?? uniqueEmail('admin');

const feedbackFor = (gamePlayerId: string, over: Record<string, unknown> = {}) => ({
  gamePlayerId,
  enjoymentRating: 4,
  theoryFormationDay: 'day3',
  clarityIssues: 'Day 2 map was confusing',
  standoutMoments: 'The press conference twist',
  wouldPlayAnother: 'yes',
  ...over,
});
const surveyFor = (gamePlayerId: string, over: Record<string, unknown> = {}) => ({
  gamePlayerId,
  ...Object.fromEntries(SURVEY_RATINGS.map((k, i) => [k, (i % 5) + 1])),
  favoriteAspect: 'The characters',
  leastFavoriteAspect: 'Too short',
  suggestionsFeedback: 'More maps',
  wouldRecommend: true,
  wouldPlayAgain: false,
  interestedInOtherStorylines: true,
  ...over,
});

describe(`feedback and survey (${TEST_MODE})`, () => {
  const suite = serverForSuite({ env: { ADMIN_EMAILS: ADMINS.join(',') } });
  const api = suite.api;
  let testing: PlayedGame;
  beforeAll(async () => {
    testing = await startedGame(suite.server, admin(), 4, { isTestingMode: true });
  });

  const feedbackRows = (gameId: string) => suite.server.ctx.db.selectFrom('feedback').selectAll().where('game_id', '=', gameId).execute();

  it('takes one feedback per player of a testing game and refuses a second', async () => {
    const me = testing.seats[1]!;
    const status = () => api<{ given: boolean }>('GET', `/api/games/${testing.gameId}/feedback/${me.playerId}`, undefined, me.token);
    expect((await status()).body).toEqual({ given: false });
    // another seat's status is not the caller's to read
    expect((await api('GET', `/api/games/${testing.gameId}/feedback/${testing.seats[2]!.playerId}`, undefined, me.token)).status).toBe(403);
    const res = await api('POST', `/api/games/${testing.gameId}/feedback`, feedbackFor(me.playerId), me.token);
    expect(res.status).toBe(201);
    const again = await api<{ message: string }>('POST', `/api/games/${testing.gameId}/feedback`, feedbackFor(me.playerId, { enjoymentRating: 1 }), me.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already/);
    expect((await status()).body).toEqual({ given: true });
    const rows = await feedbackRows(testing.gameId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ game_player_id: me.playerId, enjoyment_rating: 4, theory_formation_day: 'day3', standout_moments: 'The press conference twist', would_play_another: 'yes' });
    // The host answers for the host's own seat with the host token.
    const host = testing.seats[0]!;
    expect((await api('POST', `/api/games/${testing.gameId}/feedback`, feedbackFor(host.playerId, { clarityIssues: null }), host.token)).status).toBe(201);
  });

  it('refuses bad feedback with clear errors and stores nothing', async () => {
    const me = testing.seats[2]!;
    const other = testing.seats[3]!;
    const post = (body: unknown, token: string | undefined = me.token) => api<{ message: string }>('POST', `/api/games/${testing.gameId}/feedback`, body, token);
    const cases: Array<[unknown, number, RegExp | string]> = [
      [feedbackFor(me.playerId, { standoutMoments: undefined }), 400, 'Please share your favorite moment from the game.'],
      [feedbackFor(me.playerId, { standoutMoments: '   ' }), 400, 'Please share your favorite moment from the game.'],
      [feedbackFor(me.playerId, { enjoymentRating: 0 }), 400, /1 to 5/],
      [feedbackFor(me.playerId, { enjoymentRating: 6 }), 400, /1 to 5/],
      [feedbackFor(me.playerId, { theoryFormationDay: 'day5' }), 400, /day1.*never/],
      [feedbackFor(me.playerId, { wouldPlayAnother: 'perhaps' }), 400, /yes.*maybe.*no/],
      [feedbackFor(other.playerId), 403, 'You can only answer for your own player'],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (typeof message === 'string') expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(message);
    }
    expect((await api('POST', `/api/games/${testing.gameId}/feedback`, feedbackFor(me.playerId))).status).toBe(401);
    const rows = await feedbackRows(testing.gameId);
    expect(rows.map((r) => r.game_player_id)).not.toContain(me.playerId);
    expect(rows.map((r) => r.game_player_id)).not.toContain(other.playerId);
  });

  it('collects feedback only in testing or feedback-mode games', async () => {
    const normal = await startedGame(suite.server, admin(), 4);
    const me = normal.seats[1]!;
    // Free (admin-hosted) games start with feedback mode on; the host turns it off here.
    const off = await api('PATCH', `/api/games/${normal.gameId}`, { action: 'set-feedback-mode', enabled: false, commandId: randomUUID() }, normal.lobby.host.token);
    expect(off.status).toBe(200);
    const res = await api<{ message: string }>('POST', `/api/games/${normal.gameId}/feedback`, feedbackFor(me.playerId), me.token);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Feedback is only collected in testing games');
    const on = await api('PATCH', `/api/games/${normal.gameId}`, { action: 'set-feedback-mode', enabled: true, commandId: randomUUID() }, normal.lobby.host.token);
    expect(on.status).toBe(200);
    expect((await api('POST', `/api/games/${normal.gameId}/feedback`, feedbackFor(me.playerId), me.token)).status).toBe(201);
  });

  it('keeps one survey per player, readable by that player only', async () => {
    const me = testing.seats[1]!;
    const other = testing.seats[2]!;
    const url = `/api/games/${testing.gameId}/survey`;
    const before = await api<TSurveyResponse>('GET', `${url}/${me.playerId}`, undefined, me.token);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ survey: null });

    const res = await api<TSurveyResponse>('POST', url, surveyFor(me.playerId), me.token);
    expect(res.status).toBe(201);
    const read = await api<TSurveyResponse>('GET', `${url}/${me.playerId}`, undefined, me.token);
    expect(read.status).toBe(200);
    const expected = surveyFor(me.playerId);
    expect(read.body.survey).toMatchObject(expected);
    expect(Date.parse(read.body.survey?.submittedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const second = await api<{ message: string }>('POST', url, surveyFor(me.playerId, { overallRating: 5 }), me.token);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('You have already completed the survey for this game');
    // The first answers stand (overallRating 1 in surveyFor), not the second attempt's 5.
    expect((await api<TSurveyResponse>('GET', `${url}/${me.playerId}`, undefined, me.token)).body.survey?.overallRating).toBe(1);

    // Someone else's survey: neither readable nor writable.
    expect((await api('GET', `${url}/${me.playerId}`, undefined, other.token)).status).toBe(403);
    expect((await api('POST', url, surveyFor(me.playerId), other.token)).status).toBe(403);
    expect((await api('GET', `${url}/${me.playerId}`)).status).toBe(401);
  });

  it('refuses surveys with a rating outside 1-5 or missing answers', async () => {
    const me = testing.seats[3]!;
    const url = `/api/games/${testing.gameId}/survey`;
    for (const bad of [{ overallRating: 0 }, { evidenceQualityRating: 6 }, { paceRating: 2.5 }, { wouldRecommend: undefined }, { storylineRating: undefined }]) {
      const res = await api<{ message: string }>('POST', url, surveyFor(me.playerId, bad), me.token);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const zero = await api<{ message: string }>('POST', url, surveyFor(me.playerId, { overallRating: 0 }), me.token);
    expect(zero.body.message).toBe('Ratings must be from 1 to 5');
    const rows = await suite.server.ctx.db.selectFrom('surveys').select('id').where('game_player_id', '=', me.playerId).execute();
    expect(rows).toHaveLength(0);
  });
});
