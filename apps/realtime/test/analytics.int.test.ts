import { beforeAll, describe, expect, it } from 'vitest';
import type { TDailyVotingAnalytics, TFeedbackAnalytics, TGameSizeGroup, TSuspectVotingAnalytics } from '@ss/protocol';
import { signupHost, TEST_MODE, uniqueEmail } from './harness.js';
import { serverForSuite } from './suite-server.js';
import { recordVotes, startedGame, type PlayedGame, type VotePlan } from './completed-game.js';

const ADMINS = Array.from({ length: 8 }, () => uniqueEmail('admin'));
let nextAdmin = 0;
const admin = () => ADMINS[nextAdmin++] ?? uniqueEmail('admin');

/**
 * The expected group, computed here from the plan in plain JS (independently of the server's SQL):
 * votes per character across the games of one size, percentage of the group's votes to one decimal,
 * team 'killer' when most of those votes were cast while the character was the killer of a completed game (the
 * killer comes from each game's case and is known from its results), else the side played in most of those votes.
 */
function expectedGroup(games: PlayedGame[], votesOf: (g: PlayedGame) => Array<{ suspectSeat: number }>, totalGames = games.length, completed = true): TGameSizeGroup {
  const counts = new Map<string, { name: string; profession: string; votes: number; shadowVotes: number; killerVotes: number }>();
  for (const g of games) {
    for (const v of votesOf(g)) {
      const seat = g.seats[v.suspectSeat]!;
      const ch = g.content.characters.find((c) => c.id === seat.characterId)!;
      const e = counts.get(seat.characterId) ?? { name: ch.name, profession: ch.profession, votes: 0, shadowVotes: 0, killerVotes: 0 };
      e.votes++;
      if (seat.team === 'shadow') e.shadowVotes++;
      if (seat.isKiller && completed) e.killerVotes++;
      counts.set(seat.characterId, e);
    }
  }
  const total = [...counts.values()].reduce((n, e) => n + e.votes, 0);
  return {
    playerCount: games[0]!.seats.length,
    totalGames,
    totalVotes: total,
    characterVotes: [...counts.entries()]
      .map(([characterId, e]) => ({
        characterId,
        characterName: e.name,
        characterProfession: e.profession,
        characterTeam: e.killerVotes * 2 > e.votes ? ('killer' as const) : e.shadowVotes * 2 > e.votes ? ('shadow' as const) : ('seekers' as const),
        voteCount: e.votes,
        percentage: Math.round((e.votes / total) * 1000) / 10,
      }))
      .sort((a, b) => b.voteCount - a.voteCount || a.characterId.localeCompare(b.characterId)),
  };
}

const suspectPicks = (plan: VotePlan) => () => Object.values(plan.suspects ?? {}).flatMap((picks) => picks.map((s) => ({ suspectSeat: s })));
const finalPicks = (plan: VotePlan) => () => Object.values(plan.finals ?? {}).map((s) => ({ suspectSeat: s }));
const dailyPicks = (plan: VotePlan, day: number) => () => Object.values(plan.daily?.[day] ?? {}).map((s) => ({ suspectSeat: s }));

describe(`admin analytics (${TEST_MODE})`, () => {
  const suite = serverForSuite({ env: { ADMIN_EMAILS: ADMINS.join(',') } });
  const api = suite.api;
  let adminToken: string;
  beforeAll(async () => {
    adminToken = (await signupHost(api, { email: admin() })).token;
  });

  const paths = ['/api/admin/suspect-voting-by-game-size', '/api/admin/daily-voting-by-game-size', '/api/admin/feedback-analytics'];

  it('is for admins only: 401 without a token, 403 for a host or a player', async () => {
    const host = await signupHost(api);
    for (const p of paths) {
      expect((await api('GET', p)).status, p).toBe(401);
      expect((await api('GET', p, undefined, host.token)).status, p).toBe(403);
    }
  });

  it('answers empty analytics before any game is played', async () => {
    const s = await api<TSuspectVotingAnalytics>('GET', paths[0]!, undefined, adminToken);
    expect(s.status).toBe(200);
    expect(s.body).toEqual({ totalGamesAnalyzed: 0, suspectVoting: { gameSizeGroups: [] }, finalConviction: { gameSizeGroups: [] } });
    const d = await api<TDailyVotingAnalytics>('GET', paths[1]!, undefined, adminToken);
    expect(d.body.totalTestingGames).toBe(0);
    for (const day of ['day1', 'day2', 'day3', 'day4'] as const) expect(d.body[day].gameSizeGroups).toEqual([]);
    const f = await api<TFeedbackAnalytics>('GET', paths[2]!, undefined, adminToken);
    expect(f.body).toMatchObject({ totalResponses: 0, avgEnjoymentRating: 0, standoutMoments: [], clarityIssues: [] });
  });

  it('counts suspect, final and daily votes per game size from games with known votes', async () => {
    // Two completed 4-seat games (same cast and case, so their votes add up per character) and one 5-seat game.
    const a = await startedGame(suite.server, admin(), 4, { caseNumber: 1 });
    const b = await startedGame(suite.server, admin(), 4, { caseNumber: 1 });
    const c = await startedGame(suite.server, admin(), 5);
    const planA: VotePlan = { suspects: { 0: [1, 2, 3], 1: [0, 2, 3], 2: [0, 1, 3], 3: [0, 1, 2] }, finals: { 0: a.killerSeat === 1 ? 2 : 1, 1: a.killerSeat, 2: a.killerSeat, 3: a.killerSeat } };
    const planB: VotePlan = { suspects: { 0: [1, 2, 3], 1: [0, 2, 3] }, finals: { 0: 2, 1: 2 } };
    const planC: VotePlan = {
      suspects: { 0: [1, 2, 3], 1: [2, 3, 4], 2: [1, 3, 4], 3: [1, 2, 4], 4: [1, 2, 3] },
      finals: { 0: 3, 1: 3, 2: 3, 4: 1 },
    };
    await recordVotes(suite.server, a, planA);
    await recordVotes(suite.server, b, planB);
    await recordVotes(suite.server, c, planC);
    // Testing games that are not completed: their daily votes count, their ballots are not formal results.
    const d = await startedGame(suite.server, admin(), 4, { isTestingMode: true });
    const e = await startedGame(suite.server, admin(), 5, { isTestingMode: true });
    const planD: VotePlan = { suspects: { 0: [1, 2, 3] }, daily: { 1: { 0: 1, 1: 2, 2: 1, 3: 1 }, 2: { 0: 3, 1: 3 } } };
    const planE: VotePlan = { daily: { 1: { 0: 4, 1: 4, 2: 0, 3: 4, 4: 2 }, 4: { 0: 1 } } };
    await recordVotes(suite.server, d, planD, false);
    await recordVotes(suite.server, e, planE, false);
    // Daily votes in a non-testing game are not part of the testing analytics.
    await recordVotes(suite.server, a, { daily: { 1: { 0: 3 } } }, false);

    const s = await api<TSuspectVotingAnalytics>('GET', paths[0]!, undefined, adminToken);
    expect(s.status).toBe(200);
    expect(s.body.totalGamesAnalyzed).toBe(3);
    const four = expectedGroup([a, b], (g) => (g === a ? suspectPicks(planA)() : suspectPicks(planB)()));
    const five = expectedGroup([c], suspectPicks(planC));
    expect(s.body.suspectVoting.gameSizeGroups).toEqual([four, five]);
    // A hand-checked figure: in the 5-seat game seat 1 got 4 of 15 picks = 26.7 %.
    const seat1 = s.body.suspectVoting.gameSizeGroups[1]!.characterVotes.find((v) => v.characterId === c.seats[1]!.characterId);
    expect(seat1).toMatchObject({ voteCount: 4, percentage: 26.7 });
    expect(s.body.suspectVoting.gameSizeGroups[0]!.totalVotes).toBe(18);

    expect(s.body.finalConviction.gameSizeGroups).toEqual([
      expectedGroup([a, b], (g) => (g === a ? finalPicks(planA)() : finalPicks(planB)())),
      expectedGroup([c], finalPicks(planC)),
    ]);
    const killerRow = s.body.finalConviction.gameSizeGroups[0]!.characterVotes.find((v) => v.characterId === a.seats[a.killerSeat]!.characterId);
    expect(killerRow?.characterTeam).toBe('killer');

    const daily = await api<TDailyVotingAnalytics>('GET', paths[1]!, undefined, adminToken);
    expect(daily.status).toBe(200);
    expect(daily.body.totalTestingGames).toBe(2);
    // These testing games are not over: their killer is not known yet, and counts as the Shadow he plays.
    expect(daily.body.day1.gameSizeGroups).toEqual([expectedGroup([d], dailyPicks(planD, 1), 1, false), expectedGroup([e], dailyPicks(planE, 1), 1, false)]);
    expect(daily.body.day2.gameSizeGroups).toEqual([expectedGroup([d], dailyPicks(planD, 2), 1, false)]);
    expect(daily.body.day3.gameSizeGroups).toEqual([]);
    expect(daily.body.day4.gameSizeGroups).toEqual([expectedGroup([e], dailyPicks(planE, 4), 1, false)]);
    // Hand-checked: day 1 of the 4-seat testing game, seat 1 got 3 of 4 votes.
    expect(daily.body.day1.gameSizeGroups[0]!.characterVotes[0]).toMatchObject({ characterId: d.seats[1]!.characterId, voteCount: 3, percentage: 75 });

    // Feedback analytics over answers given through the API.
    const answers = [
      { g: d, seat: 0, enjoymentRating: 5, theoryFormationDay: 'day2', wouldPlayAnother: 'yes', standoutMoments: 'The reveal', clarityIssues: '' },
      { g: d, seat: 1, enjoymentRating: 4, theoryFormationDay: 'day2', wouldPlayAnother: 'maybe', standoutMoments: 'Search warrant', clarityIssues: 'Voting rules' },
      { g: e, seat: 2, enjoymentRating: 4, theoryFormationDay: 'never', wouldPlayAnother: 'yes', standoutMoments: 'Memory flash', clarityIssues: null },
    ];
    for (const x of answers) {
      const seat = x.g.seats[x.seat]!;
      const res = await api('POST', `/api/games/${x.g.gameId}/feedback`, { gamePlayerId: seat.playerId, enjoymentRating: x.enjoymentRating, theoryFormationDay: x.theoryFormationDay, wouldPlayAnother: x.wouldPlayAnother, standoutMoments: x.standoutMoments, clarityIssues: x.clarityIssues }, seat.token);
      expect(res.status).toBe(201);
    }
    const f = await api<TFeedbackAnalytics>('GET', paths[2]!, undefined, adminToken);
    expect(f.status).toBe(200);
    expect(f.body.totalResponses).toBe(3);
    expect(f.body.avgEnjoymentRating).toBe(4.3);
    expect(f.body.futurePlayBreakdown).toEqual({ yes: 2, maybe: 1, no: 0 });
    expect(f.body.theoryFormationBreakdown).toEqual({ day1: 0, day2: 2, day3: 0, day4: 0, never: 1 });
    expect([...f.body.standoutMoments].sort()).toEqual(['Memory flash', 'Search warrant', 'The reveal']);
    expect(f.body.clarityIssues).toEqual(['Voting rules']);
  });
});
