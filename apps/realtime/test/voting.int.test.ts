import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ZFinalResults,
  ZGameResults,
  ZVotingResults,
  rankSuspects,
  type TFinalResults,
  type TGameView,
  type TMyCharacterResponse,
  type TVotingResults,
} from '@ss/protocol';
import { emitAck, hostSession, TEST_MODE, uniqueEmail } from './harness.js';
import { serverForSuite } from './suite-server.js';
import { startedGame, setPhase, type PlayedGame, type Seat } from './completed-game.js';
import { joinedSocket } from './game-setup.js';
import { onView, waitForMe, waitForView, type ViewChange } from './room-view.js';

const ADMIN = uniqueEmail('admin');

describe(`voting (${TEST_MODE})`, () => {
  const suite = serverForSuite({ env: { ADMIN_EMAILS: ADMIN } });
  const api = suite.api;

  const view = async (g: PlayedGame) => (await api<TGameView>('GET', `/api/games/${g.gameId}`, undefined, g.lobby.host.token)).body;
  const detectiveOf = (g: PlayedGame) => g.seats.find((s) => s.characterId === g.content.roles!.detectiveCharacterId)!;
  const ballot = (g: PlayedGame, voter: Seat, suspects: Seat[]) =>
    api<{ message: string; success?: boolean; game?: TGameView }>('POST', `/api/games/${g.gameId}/suspect-votes`, { suspects: suspects.map((s) => s.playerId) }, voter.token);
  const finalVote = (g: PlayedGame, voter: Seat, accused: string, phase: number = 99) =>
    api<{ message: string; success?: boolean }>('POST', `/api/games/${g.gameId}/votes`, { phase, suspectId: accused }, voter.token);
  const countRows = async (table: 'suspect_ballots' | 'final_votes', gameId: string) =>
    Number((await suite.server.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).where('game_id', '=', gameId).executeTakeFirstOrThrow()).n);

  it('lets only the detective remove a vote, once, in phases 1-5, never their own', async () => {
    const g = await startedGame(suite.server, ADMIN, 6);
    const det = detectiveOf(g);
    const others = g.seats.filter((s) => s !== det);
    const [t1, t2] = others as [Seat, Seat];
    const remove = (by: Seat, target: Seat) => api<{ message: string; success?: boolean; game?: TGameView }>('POST', `/api/games/${g.gameId}/remove-vote`, { playerId: target.playerId }, by.token);

    const tooEarly = await remove(det, t1);
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.message).toBe('Votes can only be removed during the investigation days and the suspect vote');
    await setPhase(api, g, 2);
    const notDetective = await remove(t2, t1);
    expect(notDetective.status).toBe(403);
    expect(notDetective.body.message).toBe("Only the detective can remove a player's vote");
    const self = await remove(det, det);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('The detective cannot remove their own vote');
    expect((await api('POST', `/api/games/${g.gameId}/remove-vote`, { playerId: randomUUID() }, det.token)).status).toBe(404);
    expect((await api('POST', `/api/games/${g.gameId}/remove-vote`, { playerId: 'nobody' }, det.token)).status).toBe(400);
    const before = await view(g);
    expect(before.players.every((p) => !p.voteLost)).toBe(true);

    const socket = await joinedSocket(suite.server, t1.token, g.gameId);
    const told = waitForMe(socket, (me) => me.gamePlayer.voteLost, 2000);
    const pushed = waitForView(socket, (e) => e.events.includes('vote_removed'), 2000);
    const ok = await remove(det, t1);
    expect(ok.status).toBe(200);
    expect(ok.body.success).toBe(true);
    expect(ok.body.game!.players.find((p) => p.id === t1.playerId)!.voteLost).toBe(true);
    expect(ok.body.game!.version).toBe(before.version + 1);
    expect((await told).gamePlayer.voteLost).toBe(true);
    expect((await pushed).game.players.filter((p) => p.voteLost).map((p) => p.id)).toEqual([t1.playerId]);
    socket.close();
    const row = await suite.server.ctx.db.selectFrom('game_players').select(['vote_lost', 'vote_lost_reason']).where('id', '=', t1.playerId).executeTakeFirstOrThrow();
    expect(row).toEqual({ vote_lost: true, vote_lost_reason: 'detective' });

    const again = await remove(det, t1);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This player has already lost their vote');

    // The socket twin runs the same rules.
    const viaSocket = await joinedSocket(suite.server, det.token, g.gameId);
    const ack = await emitAck(viaSocket, 'vote:remove', { gameId: g.gameId, playerId: det.playerId });
    expect(ack).toMatchObject({ ok: false, error: { status: 400, message: 'The detective cannot remove their own vote' } });
    expect((await emitAck(viaSocket, 'vote:remove', { gameId: g.gameId, playerId: t2.playerId })).ok).toBe(true);
    viaSocket.close();
    await setPhase(api, g, 6);
    const late = await remove(det, others[2]!);
    expect(late.status).toBe(409);
    expect((await view(g)).players.filter((p) => p.voteLost).length).toBeGreaterThanOrEqual(2);
  });

  it('refuses bad suspect ballots with clear 4xx and changes nothing', async () => {
    const g = await startedGame(suite.server, ADMIN, 6);
    const [s0, s1, s2, s3, s4, s5] = g.seats as [Seat, Seat, Seat, Seat, Seat, Seat];
    await setPhase(api, g, 4);
    const wrongPhase = await ballot(g, s1, [s2, s3, s4]);
    expect(wrongPhase.status).toBe(409);
    expect(wrongPhase.body.message).toBe('Suspect voting is not open');
    await setPhase(api, g, 5);
    const v0 = (await view(g)).version;
    const cases: [Seat[], string][] = [
      [[s2, s3, s4, s5], 'You must select exactly 3 suspects'],
      [[s2, s3], 'You must select exactly 3 suspects'],
      [[s2, s2, s3], 'Select 3 different suspects'],
      [[s1, s2, s3], 'You cannot select yourself as a suspect'],
    ];
    for (const [suspects, message] of cases) {
      const res = await ballot(g, s1, suspects);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const stranger = await api<{ message: string }>('POST', `/api/games/${g.gameId}/suspect-votes`, { suspects: [s2.playerId, s3.playerId, randomUUID()] }, s1.token);
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe('Every suspect must be a player of this game');
    expect((await api('POST', `/api/games/${g.gameId}/suspect-votes`, { suspects: 'everyone' }, s1.token)).status).toBe(400);
    expect((await api('POST', `/api/games/${g.gameId}/suspect-votes`, { suspects: [s2.playerId, s3.playerId, s4.playerId] })).status).toBe(401);

    // A player without a vote may not vote.
    const det = detectiveOf(g);
    const victim = g.seats.find((s) => s !== det && s !== s0)!;
    expect((await api('POST', `/api/games/${g.gameId}/remove-vote`, { playerId: victim.playerId }, det.token)).status).toBe(200);
    const lost = await ballot(g, victim, g.seats.filter((s) => s !== victim).slice(0, 3));
    expect(lost.status).toBe(403);
    expect(lost.body.message).toBe('You have lost your vote and cannot vote for suspects');
    expect(await countRows('suspect_ballots', g.gameId)).toBe(0);
    expect((await view(g)).version).toBe(v0 + 1); // only the removal changed the room

    // One ballot; the same again is a no-op success; a different one is refused.
    const voter = g.seats.find((s) => s !== victim && s !== det)!;
    const picks = g.seats.filter((s) => s !== voter).slice(0, 3);
    expect((await ballot(g, voter, picks)).status).toBe(200);
    const v1 = (await view(g)).version;
    const same = await ballot(g, voter, [...picks].reverse());
    expect(same.status).toBe(200);
    expect((await view(g)).version).toBe(v1);
    const different = await ballot(g, voter, g.seats.filter((s) => s !== voter).slice(1, 4));
    expect(different.status).toBe(409);
    expect(different.body.message).toBe('You have already submitted your suspect votes');
    expect(await countRows('suspect_ballots', g.gameId)).toBe(1);
    const stored = await suite.server.ctx.db.selectFrom('suspect_ballots').select('suspect_player_ids').where('voter_player_id', '=', voter.playerId).executeTakeFirstOrThrow();
    expect(stored.suspect_player_ids).toEqual(picks.map((p) => p.playerId));

    // Results stay hidden until every ballot is in.
    const early = ZVotingResults.parse((await api<TVotingResults>('GET', `/api/games/${g.gameId}/voting-results`, undefined, s2.token)).body);
    expect(early).toEqual({ allVotesSubmitted: false, totalVotes: 1, eligibleVoters: 5, suspectVotes: [], topSuspects: [] });
  });

  it('counts ballots cast at the same instant exactly once each and reveals the top 3 exactly once', async () => {
    const g = await startedGame(suite.server, ADMIN, 10);
    const watcher = await joinedSocket(suite.server, g.lobby.host.token, g.gameId);
    const reveals: ViewChange[] = [];
    const counted: ViewChange[] = [];
    onView(watcher, (e) => (e.events.includes('suspects_revealed') ? reveals : counted).push(e));
    await setPhase(api, g, 5);
    const v0 = (await view(g)).version;
    counted.length = 0;
    // Every seat votes for the three seats after it (cyclic), half over REST and half over sockets.
    const n = g.seats.length;
    const picksOf = (i: number) => [1, 2, 3].map((k) => g.seats[(i + k) % n]!);
    const sockets = await Promise.all(g.seats.map((s, i) => (i % 2 ? joinedSocket(suite.server, s.token, g.gameId) : Promise.resolve(null))));
    const results = await Promise.all(
      g.seats.map((s, i) => {
        const socket = sockets[i];
        if (socket) return emitAck(socket, 'vote:suspects', { gameId: g.gameId, suspects: picksOf(i).map((p) => p.playerId) }).then((a) => (a.ok ? 200 : a.error.status));
        return ballot(g, s, picksOf(i)).then((r) => r.status);
      }),
    );
    expect(results).toEqual(g.seats.map(() => 200));
    await waitForView(watcher, (e) => e.events.includes('suspects_revealed'), 3000).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 200));

    // Ledger: one row per voter, 3 suspects each.
    const rows = await suite.server.ctx.db.selectFrom('suspect_ballots').selectAll().where('game_id', '=', g.gameId).execute();
    expect(rows.length).toBe(n);
    expect(new Set(rows.map((r) => r.voter_player_id)).size).toBe(n);
    // Room: one version per ballot, one reveal, tally total 3 x ballots.
    const after = await view(g);
    // One version per ballot plus one for the reveal; every ballot was pushed exactly once (commits may group them).
    expect(after.version).toBe(v0 + n + 1);
    expect(reveals.length).toBe(1);
    const pushedBallots = [...counted, ...reveals].flatMap((e) => e.events).filter((t) => t === 'suspect_ballot_cast');
    expect(pushedBallots).toHaveLength(n);
    expect(after.suspectVoting).toMatchObject({ submittedCount: n, eligibleCount: n, allVotesSubmitted: true });
    const room = await suite.server.ctx.live.get(g.gameId);
    const tally = room!.suspectVoting.tally;
    expect(Object.values(tally).reduce((a, b) => a + b, 0)).toBe(3 * n);
    expect(Object.values(tally).every((v) => v === 3)).toBe(true);
    // Everyone has 3 votes: the tie goes to seating order, so the first three seats are the top 3.
    const expectedTop = rankSuspects(new Map(Object.entries(tally)), g.seats.map((s) => s.playerId)).slice(0, 3);
    expect(expectedTop.map((t) => t.playerId)).toEqual(g.seats.slice(0, 3).map((s) => s.playerId));
    expect(after.suspectVoting.topSuspects).toEqual(expectedTop);
    expect(reveals[0]!.game.suspectVoting.topSuspects).toEqual(expectedTop);
    const lost = await suite.server.ctx.db.selectFrom('game_players').select(['id', 'vote_lost_reason']).where('game_id', '=', g.gameId).where('vote_lost', '=', true).execute();
    expect(lost.map((r) => r.id).sort()).toEqual(expectedTop.map((t) => t.playerId).sort());
    expect(lost.every((r) => r.vote_lost_reason === 'top_suspect')).toBe(true);

    // A late ballot after the reveal changes nothing.
    const late = await ballot(g, g.seats[4]!, [g.seats[0]!, g.seats[1]!, g.seats[2]!]);
    expect(late.status).toBe(409);
    expect(await countRows('suspect_ballots', g.gameId)).toBe(n);

    // Search-warrant evidence: in the top suspects' private view only, and on the outcome read.
    const mine = async (s: Seat) => (await api<TMyCharacterResponse>('GET', `/api/games/${g.gameId}/my-character`, undefined, s.token)).body;
    expect((await mine(g.seats[1]!)).character!.searchWarrantEvidence.length).toBeGreaterThan(0);
    expect((await mine(g.seats[5]!)).character!.searchWarrantEvidence).toEqual([]);
    const det = detectiveOf(g);
    const plain = g.seats.find((s) => s !== det)!;
    const forPlain = ZVotingResults.parse((await api('GET', `/api/games/${g.gameId}/voting-results`, undefined, plain.token)).body);
    const forDet = ZVotingResults.parse((await api('GET', `/api/games/${g.gameId}/voting-results`, undefined, det.token)).body);
    expect(forPlain.allVotesSubmitted).toBe(true);
    expect(forPlain.totalVotes).toBe(n);
    expect(forPlain.suspectVotes.map((v) => v.playerId)).toEqual(expectedTop.map((t) => t.playerId));
    expect(forDet.suspectVotes.length).toBe(n);
    expect(forDet.suspectVotes.reduce((a, v) => a + v.voteCount, 0)).toBe(3 * n);
    expect(forPlain.topSuspects.map((t) => [t.playerId, t.rank, t.voteCount])).toEqual(expectedTop.map((t) => [t.playerId, t.rank, t.voteCount]));
    expect(forPlain.topSuspects.every((t) => t.searchWarrantEvidence.length > 0)).toBe(true);
    for (const s of sockets) s?.close();
    watcher.close();
  });

  it('takes one final vote per eligible player, refuses the rest, and completes on the last vote', async () => {
    const g = await startedGame(suite.server, ADMIN, 6);
    const [s0, s1, s2, s3, s4, s5] = g.seats as [Seat, Seat, Seat, Seat, Seat, Seat];
    await setPhase(api, g, 5);
    const early = await finalVote(g, s1, s2.playerId);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('The final vote is not open');
    // s3, s4, s5 become the top suspects (everyone else votes for them; they vote among themselves plus s0).
    const picks = (v: Seat) => (v === s3 ? [s4, s5, s0] : v === s4 ? [s3, s5, s0] : v === s5 ? [s3, s4, s0] : [s3, s4, s5]);
    for (const v of g.seats) expect((await ballot(g, v, picks(v))).status).toBe(200);
    expect((await view(g)).suspectVoting.topSuspects!.map((t) => t.playerId)).toEqual([s3.playerId, s4.playerId, s5.playerId]);

    // Breakdown and results are not available before the reveal.
    const breakdownEarly = await api<{ message: string }>('GET', `/api/games/${g.gameId}/voting-breakdown`, undefined, s1.token);
    expect(breakdownEarly.status).toBe(403);
    expect(breakdownEarly.body.message).toBe('The voting breakdown is available once the results are revealed');
    const resultsEarly = await api<{ message: string }>('GET', `/api/games/${g.gameId}/results`, undefined, s1.token);
    expect(resultsEarly.status).toBe(404);
    expect(resultsEarly.body.message).toBe('Results Not Available');

    await setPhase(api, g, 6);
    const killer = g.seats[g.killerSeat]!;
    const v0 = (await view(g)).version;
    expect((await finalVote(g, s1, s2.playerId, 98)).status).toBe(400);
    const noVote = await finalVote(g, s3, s1.playerId);
    expect(noVote.status).toBe(403);
    expect(noVote.body.message).toBe('You have lost your vote and cannot take part in the final vote');
    const selfAccuse = await finalVote(g, s1, s1.playerId);
    expect(selfAccuse.status).toBe(400);
    expect(selfAccuse.body.message).toBe('You cannot accuse yourself');
    const outsider = await finalVote(g, s1, randomUUID());
    expect(outsider.status).toBe(400);
    expect(outsider.body.message).toBe('The accused must be a player of this game');
    const missing = await api<{ message: string }>('POST', `/api/games/${g.gameId}/votes`, { phase: 99 }, s1.token);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please select who you believe is the killer.');
    expect((await view(g)).version).toBe(v0);
    expect(await countRows('final_votes', g.gameId)).toBe(0);

    const voters = [s0, s1, s2];
    const target = killer === s0 ? s1 : killer; // an accusation of the killer where possible
    const first = await finalVote(g, s1, target === s1 ? s0.playerId : target.playerId);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ success: true });
    const second = await finalVote(g, s1, s2.playerId);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('You have already cast your final vote; it cannot be changed');
    const waiting = ZFinalResults.parse((await api<TFinalResults>('GET', `/api/games/${g.gameId}/final-results`, undefined, s3.token)).body);
    expect(waiting).toEqual({ allVotesSubmitted: false, totalVotes: 1, eligibleVoters: 3, winner: null });
    expect((await api('GET', `/api/games/${g.gameId}/voting-breakdown`, undefined, s1.token)).status).toBe(403);
    for (const v of voters.filter((v) => v !== s1)) {
      const accused = v === target ? s3 : target;
      expect((await finalVote(g, v, accused.playerId)).status).toBe(201);
    }
    const done = await view(g);
    expect(done.status).toBe('completed');
    expect(done.completedAt).not.toBeNull();
    // The results wait for the reveal's killer step, which the host moves.
    expect(done.results).toBeNull();
    expect(done.reveal?.step).toBe(0);
    expect((await finalVote(g, s2, s1.playerId)).status).toBe(409);
    expect((await api('GET', `/api/games/${g.gameId}/results`, undefined, s4.token)).status).toBe(409);
    expect((await api('POST', `/api/games/${g.gameId}/reveal`, { toStep: 2 }, g.lobby.host.token)).status).toBe(200);
    expect((await view(g)).results).not.toBeNull();
    const resultRow = await suite.server.ctx.db.selectFrom('game_results').selectAll().where('game_id', '=', g.gameId).executeTakeFirstOrThrow();
    const results = ZGameResults.parse((await api('GET', `/api/games/${g.gameId}/results`, undefined, s4.token)).body);
    expect(ZGameResults.parse(resultRow.data)).toEqual(results);
    expect(resultRow.winning_team).toBe(results.winningTeam);
    expect(results.killerCorrect).toBe(results.accusedKiller?.playerId === killer.playerId);
    expect(results.finalKiller?.playerId).toBe(killer.playerId);
    expect(Object.values(results.finalVotes).reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('ends the game at once when nobody is left who may cast the final vote (shadows win, nobody accused)', async () => {
    const g = await startedGame(suite.server, ADMIN, 5);
    const det = detectiveOf(g);
    const nonDet = g.seats.filter((s) => s !== det);
    const [a, b] = nonDet.slice(-2) as [Seat, Seat];
    const voters = g.seats.filter((s) => s !== a && s !== b);
    // The tie at 2 votes must go to the voters by seating order: a sits after every voter.
    expect(voters.every((v) => g.seats.indexOf(v) < g.seats.indexOf(a))).toBe(true);
    await setPhase(api, g, 1);
    for (const t of [a, b]) expect((await api('POST', `/api/games/${g.gameId}/remove-vote`, { playerId: t.playerId }, det.token)).status).toBe(200);
    await setPhase(api, g, 5);
    for (const [i, v] of voters.entries()) {
      const otherVoters = voters.filter((x) => x !== v);
      expect((await ballot(g, v, [...otherVoters, i < 2 ? a : b])).status).toBe(200);
    }
    const revealed = await view(g);
    expect(revealed.suspectVoting.topSuspects!.map((t) => t.playerId)).toEqual(voters.map((v) => v.playerId));
    expect(revealed.players.every((p) => p.voteLost)).toBe(true);
    expect(revealed.status).toBe('in_progress');
    const socket = await joinedSocket(suite.server, a.token, g.gameId);
    const completed = waitForView(socket, (e) => e.events.includes('game_completed'), 2000);
    await setPhase(api, g, 6);
    expect((await completed).game.results).toBeNull();
    const killerShown = waitForView(socket, (e) => e.events.includes('reveal_advanced'), 2000);
    expect((await api('POST', `/api/games/${g.gameId}/reveal`, { toStep: 4 }, g.lobby.host.token)).status).toBe(200);
    expect((await killerShown).game.results).toEqual({ winningTeam: 'shadows', accusedPlayerId: null, killerPlayerId: g.seats[g.killerSeat]!.playerId, killerCorrect: false });
    socket.close();
    const results = ZGameResults.parse((await api('GET', `/api/games/${g.gameId}/results`, undefined, a.token)).body);
    expect(results).toMatchObject({ winningTeam: 'shadows', accusedKiller: null, killerCorrect: false, finalVotes: {} });
    const final = ZFinalResults.parse((await api('GET', `/api/games/${g.gameId}/final-results`, undefined, a.token)).body);
    expect(final).toEqual({ allVotesSubmitted: true, totalVotes: 0, eligibleVoters: 0, winner: null });
  });

  it('keeps the daily suspicion tracker to testing mode, own votes, and the host', async () => {
    const plainGame = await startedGame(suite.server, ADMIN, 4);
    const p = plainGame.seats[1]!;
    const off = await api<{ message: string }>('POST', `/api/games/${plainGame.gameId}/daily-vote`, { gamePlayerId: p.playerId, day: 1, suspectCharacterId: plainGame.seats[2]!.characterId }, p.token);
    expect(off.status).toBe(403);
    expect(off.body.message).toBe('The daily suspicion tracker is only available in testing mode');

    const g = await startedGame(suite.server, ADMIN, 5, { isTestingMode: true });
    const [host, a, b, c] = g.seats as [Seat, Seat, Seat, Seat];
    const post = (by: Seat, body: Record<string, unknown>) => api<{ message: string; suspectGpId?: string; suspectCharacterId?: string }>('POST', `/api/games/${g.gameId}/daily-vote`, body, by.token);
    expect((await post(a, { gamePlayerId: a.playerId, day: 1, suspectCharacterId: b.characterId })).status).toBe(409); // day 1 not started
    await setPhase(api, g, 2);
    const first = await post(a, { gamePlayerId: a.playerId, day: 1, suspectCharacterId: b.characterId });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ suspectCharacterId: b.characterId, suspectGpId: b.playerId });
    const changed = await post(a, { gamePlayerId: a.playerId, day: 1, suspectCharacterId: c.characterId });
    expect(changed.status).toBe(201);
    expect((await post(b, { gamePlayerId: b.playerId, day: 2, suspectCharacterId: a.characterId })).status).toBe(201);
    const notMine = await post(b, { gamePlayerId: a.playerId, day: 1, suspectCharacterId: c.characterId });
    expect(notMine.status).toBe(403);
    expect(notMine.body.message).toBe('You can only record your own daily vote');
    const notInPlay = await post(a, { gamePlayerId: a.playerId, day: 1, suspectCharacterId: 'no-such-character' });
    expect(notInPlay.status).toBe(400);
    expect(notInPlay.body.message).toBe('That character is not in play in this game');
    expect((await post(a, { gamePlayerId: a.playerId, day: 5, suspectCharacterId: c.characterId })).status).toBe(400);
    expect((await post(a, { gamePlayerId: a.playerId, day: 3, suspectCharacterId: c.characterId })).status).toBe(409);

    const own = await api<{ suspectCharacterId: string }>('GET', `/api/games/${g.gameId}/player/${a.playerId}/daily-vote/1`, undefined, a.token);
    expect(own.status).toBe(200);
    expect(own.body.suspectCharacterId).toBe(c.characterId);
    expect((await api('GET', `/api/games/${g.gameId}/player/${a.playerId}/daily-vote/1`, undefined, b.token)).status).toBe(403);
    expect((await api('GET', `/api/games/${g.gameId}/player/${a.playerId}/daily-vote/2`, undefined, a.token)).status).toBe(404);
    const all = await api<{ gamePlayerId: string; suspectGpId: string }[]>('GET', `/api/games/${g.gameId}/daily-votes/1`, undefined, g.lobby.host.token);
    expect(all.status).toBe(200);
    expect(all.body).toEqual([expect.objectContaining({ gamePlayerId: a.playerId, suspectGpId: c.playerId })]);
    expect((await api('GET', `/api/games/${g.gameId}/daily-votes/1`, undefined, a.token)).status).toBe(403);
    const admin = await hostSession(api, ADMIN, 'Hostess');
    expect(admin.token).toBeTruthy();
    expect(host.token).toBe(g.lobby.host.token);
    const rows = await suite.server.ctx.db.selectFrom('daily_votes').selectAll().where('game_id', '=', g.gameId).execute();
    expect(rows.length).toBe(2);
  });

  it('records a daily tracker vote as an event in the game log, the table only its projection, secret from the public view', async () => {
    const g = await startedGame(suite.server, ADMIN, 4, { isTestingMode: true });
    const [, a, b, c] = g.seats as [Seat, Seat, Seat, Seat];
    await setPhase(api, g, 1);
    const post = (suspect: Seat) => api<{ createdAt: string }>('POST', `/api/games/${g.gameId}/daily-vote`, { gamePlayerId: a.playerId, day: 1, suspectCharacterId: suspect.characterId }, a.token);
    expect((await post(b)).status).toBe(201);
    const replaced = await post(c);
    expect(replaced.status).toBe(201);
    const events = await suite.server.ctx.db
      .selectFrom('game_events')
      .select(['type', 'event', 'actor'])
      .where('game_id', '=', g.gameId)
      .where('type', '=', 'daily_vote_cast')
      .orderBy('seq')
      .execute();
    expect(events.map((e) => [e.type, e.actor])).toEqual([
      ['daily_vote_cast', `player:${a.playerId}`],
      ['daily_vote_cast', `player:${a.playerId}`],
    ]);
    expect(events.map((e) => (e.event as { vote: { suspectCharacterId: string } }).vote.suspectCharacterId)).toEqual([b.characterId, c.characterId]);
    // The projection for the analytics holds the latest vote of the seat's day.
    const rows = await suite.server.ctx.db.selectFrom('daily_votes').select(['voter_player_id', 'suspect_player_id']).where('game_id', '=', g.gameId).execute();
    expect(rows).toEqual([{ voter_player_id: a.playerId, suspect_player_id: c.playerId }]);
    // Nobody reads whom a seat suspected from the game view.
    const publicJson = JSON.stringify(await view(g));
    expect(publicJson).not.toContain('dailyVotes');
    expect(publicJson).not.toContain('suspectCharacterId');
    // The reads come from the game's state: with the table emptied they answer the same.
    await suite.server.ctx.db.deleteFrom('daily_votes').where('game_id', '=', g.gameId).execute();
    const own = await api<{ suspectCharacterId: string; createdAt: string }>('GET', `/api/games/${g.gameId}/player/${a.playerId}/daily-vote/1`, undefined, a.token);
    expect(own.body).toMatchObject({ suspectCharacterId: c.characterId, createdAt: replaced.body.createdAt });
    const all = await api<{ gamePlayerId: string }[]>('GET', `/api/games/${g.gameId}/daily-votes/1`, undefined, g.lobby.host.token);
    expect(all.body.map((v) => v.gamePlayerId)).toEqual([a.playerId]);
  });
});
