import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fullCast,
  renderCastText,
  ZCharacterDetail,
  ZFinalResults,
  ZGameResults,
  ZMyCharacterResponse,
  ZVotingBreakdown,
  ZVotingResults,
  type TCharactersResponse,
  type TGameView,
  type TSuspectVotingAnalytics,
  type TVotingBreakdown,
} from '@ss/protocol';
import { apiFor, emitAck, startServer, TEST_MODE, uniqueEmail, type ClientSocket, type TestServer } from './harness.js';
import { assignAll, createLobby, joinedSocket } from './game-setup.js';
import { onView, waitForMe, waitForView, type ViewChange } from './room-view.js';
import { caseOfGame } from './completed-game.js';

const ADMIN = uniqueEmail('admin');

interface Phone {
  playerId: string;
  displayName: string;
  token: string;
  characterId: string;
  socket: ClientSocket;
  snapshots: ViewChange[];
}

describe(`a whole game through REST and sockets (${TEST_MODE})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_EMAILS: ADMIN } });
  });
  afterAll(async () => server?.close());

  /**
   * Host + 7 players: join, assign from the cast for 8, start, days 1-4, the detective removes a vote, suspect
   * ballots (all at once), top 3 revealed, final vote, results. `winner` decides how the final voters vote.
   */
  const played: { gameId: string; token: string }[] = [];

  async function playWholeGame(winner: 'seekers' | 'shadows') {
    const lobby = await createLobby(server, ADMIN, 7);
    const { api, gameId } = lobby;
    played.push({ gameId, token: lobby.host.token });
    const cast = await api<TCharactersResponse>('GET', `/api/games/${gameId}/characters?playerCount=8`, undefined, lobby.host.token);
    expect(cast.status).toBe(200);
    expect(cast.body.characters).toHaveLength(8);
    // The game's case (chosen by the server, "Surprise me"): read from its log, as only a test may.
    const { case: gameCase, content } = await caseOfGame(server, gameId);
    const roles = { ...content.roles!, killerCharacterId: gameCase.killerCharacterId };
    const castIds = cast.body.characters.map((c) => c.id);
    expect(castIds).toContain(roles.killerCharacterId);
    expect(castIds).toContain(roles.detectiveCharacterId);
    await assignAll(lobby);

    // Every phone (the host's too) joins the room over a socket and records what it is pushed.
    const view0 = (await api<TGameView>('GET', `/api/games/${gameId}`, undefined, lobby.host.token)).body;
    const phones: Phone[] = [];
    for (const p of view0.players) {
      const token = p.isHost ? lobby.host.token : lobby.players.find((x) => x.playerId === p.id)!.token;
      const socket = await joinedSocket(server, token, gameId);
      const phone: Phone = { playerId: p.id, displayName: p.displayName, token, characterId: p.characterId!, socket, snapshots: [] };
      onView(socket, (e) => phone.snapshots.push(e));
      phones.push(phone);
    }
    expect(phones).toHaveLength(8);
    const host = phones.find((p) => p.token === lobby.host.token)!;
    const killer = phones.find((p) => p.characterId === roles.killerCharacterId)!;
    const detective = phones.find((p) => p.characterId === roles.detectiveCharacterId)!;
    const everyone = (pred: (e: ViewChange) => boolean) => Promise.all(phones.map((p) => waitForView(p.socket, pred, 3000)));

    // Start over the socket; every phone gets the snapshot and its own team.
    const started = everyone((e) => e.events.includes('game_started'));
    const startAck = await emitAck(host.socket, 'game:patch', { gameId, action: 'start', commandId: randomUUID() });
    expect(startAck.ok).toBe(true);
    expect((await started).every((e) => e.game.status === 'in_progress' && e.game.currentPhase === 0)).toBe(true);
    const teams = new Map<string, 'seeker' | 'shadow'>();
    for (const p of phones) {
      const me = ZMyCharacterResponse.parse((await api('GET', `/api/games/${gameId}/my-character`, undefined, p.token)).body);
      expect(me.hasAccess).toBe(true);
      expect(me.character!.id).toBe(p.characterId);
      teams.set(p.playerId, me.team!);
    }
    expect(teams.get(killer.playerId)).toBe('shadow');
    expect(teams.get(detective.playerId)).toBe('seeker');
    expect([...teams.values()].filter((t) => t === 'shadow')).toHaveLength(content.shadowsByPlayerCount['8']!);

    // Days 1-4 and the suspect vote: the host advances (REST and socket alternately); every phone sees each phase.
    for (let phase = 1; phase <= 5; phase++) {
      const seen = everyone((e) => e.events.includes('phase_changed') && e.game.currentPhase === phase);
      if (phase % 2) expect((await api('PATCH', `/api/games/${gameId}`, { action: 'advance', fromPhase: phase - 1, commandId: randomUUID() }, host.token)).status).toBe(200);
      else expect((await emitAck(host.socket, 'game:patch', { gameId, action: 'advance', fromPhase: phase - 1, commandId: randomUUID() })).ok).toBe(true);
      await seen;
      if (phase <= 4) {
        // Each player can read the day that just opened for their own character, and not the next one.
        const mine = await api<{ day: number }>('GET', `/api/characters/${detective.characterId}/day/${phase}`, undefined, detective.token);
        expect(mine.status).toBe(200);
        expect(mine.body.day).toBe(phase);
        if (phase < 4) expect((await api('GET', `/api/characters/${detective.characterId}/day/${phase + 1}`, undefined, detective.token)).status).toBe(403);
      }
    }

    // Seats other than killer and detective, in seating order: O[0..2] become the top 3, O[5] loses the vote.
    const others = phones.filter((p) => p !== killer && p !== detective);
    const [o0, o1, o2, o3, o4, o5] = others as [Phone, Phone, Phone, Phone, Phone, Phone];
    const top = [o0, o1, o2];

    // The detective removes O5's vote over the socket; everyone sees it, O5 is told privately.
    const removedSeen = everyone((e) => e.events.includes('vote_removed'));
    const toldO5 = waitForMe(o5.socket, (me) => me.gamePlayer.voteLost, 3000);
    const rm = await emitAck(detective.socket, 'vote:remove', { gameId, playerId: o5.playerId, commandId: randomUUID() });
    expect(rm.ok).toBe(true);
    expect((await removedSeen).every((e) => e.game.players.find((p) => p.id === o5.playerId)!.voteLost)).toBe(true);
    await toldO5;

    // The 7 remaining voters submit at the same instant (REST and socket mixed).
    const voters = phones.filter((p) => p !== o5);
    const ballotOf = (v: Phone) => (top.includes(v) ? [...top.filter((t) => t !== v), o3] : top);
    const revealed = everyone((e) => e.events.includes('suspects_revealed'));
    // Each of the top 3 is told on its own phone that its final vote is gone; the search-warrant finds are not
    // pushed to it again (every reader gets them in the results, read below).
    const topPrivates = Promise.all(
      top.map((t) => waitForMe(t.socket, (me) => me.gamePlayer.voteLost && me.character?.searchWarrantEvidence.length === 0, 3000)),
    );
    const statuses = await Promise.all(
      voters.map((v, i) =>
        i % 2
          ? emitAck(v.socket, 'vote:suspects', { gameId, suspects: ballotOf(v).map((s) => s.playerId), commandId: randomUUID() }).then((a) => (a.ok ? 200 : a.error.status))
          : api('POST', `/api/games/${gameId}/suspect-votes`, { suspects: ballotOf(v).map((s) => s.playerId) }, v.token).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual(voters.map(() => 200));
    // Each of the top 3 gets 4 votes from the non-top voters and 2 from the other top suspects; O3 gets 3.
    const expectedTop = top.map((t, i) => ({ playerId: t.playerId, rank: i + 1, voteCount: 6 }));
    for (const e of await revealed) {
      expect(e.game.suspectVoting.topSuspects).toEqual(expectedTop);
      expect(e.game.suspectVoting).toMatchObject({ submittedCount: 7, allVotesSubmitted: true });
    }
    await topPrivates;
    const allSuspectsRevealed = phones.map((p) => p.snapshots.filter((e) => e.events.includes('suspects_revealed')).length);
    expect(allSuspectsRevealed).toEqual(phones.map(() => 1));
    const detReport = ZVotingResults.parse((await api('GET', `/api/games/${gameId}/voting-results`, undefined, detective.token)).body);
    const seenByO3 = ZVotingResults.parse((await api('GET', `/api/games/${gameId}/voting-results`, undefined, o3.token)).body);
    expect(seenByO3.topSuspects.map((t) => t.playerId)).toEqual(top.map((t) => t.playerId));
    for (const t of seenByO3.topSuspects) expect(t.searchWarrantEvidence.length).toBeGreaterThan(0);
    // A polling client still reads its own finds on the REST character read.
    const o0Mine = ZMyCharacterResponse.parse((await api('GET', `/api/games/${gameId}/my-character`, undefined, o0.token)).body);
    expect(o0Mine.character!.searchWarrantMedia.length).toBeGreaterThan(0);
    expect(detReport.totalVotes).toBe(7);
    expect(detReport.suspectVotes.map((s) => [s.playerId, s.voteCount])).toEqual([...top.map((t) => [t.playerId, 6]), [o3.playerId, 3]]);
    const ballotsInDb = await server.ctx.db.selectFrom('suspect_ballots').selectAll().where('game_id', '=', gameId).execute();
    expect(ballotsInDb).toHaveLength(7);

    // The final vote: killer, detective, O3 and O4 remain eligible.
    const finalSeen = everyone((e) => e.events.includes('phase_changed') && e.game.currentPhase === 6);
    expect((await emitAck(host.socket, 'game:patch', { gameId, action: 'advance', fromPhase: 5, commandId: randomUUID() })).ok).toBe(true);
    const atSix = await finalSeen;
    expect(atSix[0]!.game.finalVoting).toEqual({ submittedCount: 0, eligibleCount: 4, allVotesSubmitted: false });
    const refused = await api<{ message: string }>('POST', `/api/games/${gameId}/votes`, { phase: 99, suspectId: killer.playerId }, o0.token);
    expect(refused.status).toBe(403);

    const plan: [Phone, Phone][] =
      winner === 'seekers'
        ? [[detective, killer], [o3, killer], [o4, killer], [killer, o0]]
        : [[killer, o3], [detective, o3], [o3, o4], [o4, o3]];
    const completed = everyone((e) => e.events.includes('game_completed'));
    for (const [i, [voter, accused]] of plan.entries()) {
      if (i % 2) {
        const ack = await emitAck(voter.socket, 'vote:final', { gameId, phase: 99, suspectId: accused.playerId, commandId: randomUUID() });
        expect(ack.ok).toBe(true);
      } else {
        const res = await api('POST', `/api/games/${gameId}/votes`, { phase: 99, suspectId: accused.playerId }, voter.token);
        expect(res.status).toBe(201);
      }
      if (i === 0) {
        const partial = ZFinalResults.parse((await api('GET', `/api/games/${gameId}/final-results`, undefined, o0.token)).body);
        expect(partial).toEqual({ allVotesSubmitted: false, totalVotes: 1, eligibleVoters: 4, winner: null });
        expect((await api('GET', `/api/games/${gameId}/voting-breakdown`, undefined, o0.token)).status).toBe(403);
      }
    }
    const accused = winner === 'seekers' ? killer : o3;
    const expectedResults = { winningTeam: winner, accusedPlayerId: accused.playerId, killerPlayerId: killer.playerId, killerCorrect: winner === 'seekers' };
    // The game ends at the shared reveal's first step: no phone (and no table screen) is told the killer yet.
    for (const e of await completed) {
      expect(e.game.status).toBe('completed');
      expect(e.game.results).toBeNull();
      expect(e.game.reveal).toMatchObject({ step: 0, accusedPlayerId: null });
      expect(JSON.stringify(e.game)).not.toContain('killerPlayerId');
    }
    expect((await api('GET', `/api/games/${gameId}/results`, undefined, o5.token)).body).toMatchObject({ reason: 'REVEAL_PENDING' });
    // The host reveals the killer (skipping the accused card): every phone gets the results in the same push.
    const killerShown = everyone((e) => e.events.includes('reveal_advanced'));
    expect((await emitAck(host.socket, 'table:reveal', { gameId, toStep: 2, commandId: randomUUID() })).ok).toBe(true);
    for (const e of await killerShown) {
      expect(e.game.reveal).toMatchObject({ step: 2, accusedPlayerId: accused.playerId });
      expect(e.game.results).toEqual(expectedResults);
    }

    // Final figures through every read.
    const final = ZFinalResults.parse((await api('GET', `/api/games/${gameId}/final-results`, undefined, o5.token)).body);
    expect(final.allVotesSubmitted).toBe(true);
    expect(final.totalVotes).toBe(4);
    expect(final.winner).toMatchObject({ playerId: accused.playerId, isKiller: winner === 'seekers', playerName: accused.displayName, voteCount: 3 });
    expect(final.winner!.character!.id).toBe(accused.characterId);

    const breakdown = ZVotingBreakdown.parse((await api('GET', `/api/games/${gameId}/voting-breakdown`, undefined, o5.token)).body);
    expect(breakdown.totalPlayers).toBe(8);
    expect(breakdown.suspectVoteCount).toBe(7);
    expect(breakdown.finalVoteCount).toBe(4);
    expect(breakdown.suspectVotes).toHaveLength(21);
    expect(breakdown.finalVotes.map((r) => [r.voterPlayer, r.targetPlayer]).sort()).toEqual(plan.map(([v, a]) => [v.displayName, a.displayName]).sort());

    const results = ZGameResults.parse((await api('GET', `/api/games/${gameId}/results`, undefined, killer.token)).body);
    const nameOf = (id: string) => content.characters.find((c) => c.id === id)!.name;
    expect(results).toMatchObject({
      gameId,
      winningTeam: winner,
      killerCorrect: winner === 'seekers',
      accusedKiller: { playerId: accused.playerId, playerName: accused.displayName, characterName: nameOf(accused.characterId) },
      finalKiller: { playerId: killer.playerId, playerName: killer.displayName, characterName: nameOf(killer.characterId) },
      killerCharacterId: roles.killerCharacterId,
      // The case's reveal, naming only the characters dealt tonight.
      killerRevealStory: renderCastText(gameCase.reveal, { nameOf: (id) => content.characters.find((c) => c.id === id)?.name, inGame: (id) => castIds.includes(id) }),
      caseId: gameCase.id,
      caseTitle: gameCase.title,
      caseMotive: gameCase.motive,
      caseMethod: gameCase.method,
    });
    const expectedVotes: Record<string, number> = {};
    for (const [, a] of plan) expectedVotes[a.displayName] = (expectedVotes[a.displayName] ?? 0) + 1;
    expect(results.finalVotes).toEqual(expectedVotes);
    expect(results.playerResults).toHaveLength(8);
    for (const r of results.playerResults) {
      expect(r.team).toBe(teams.get(r.playerId));
      expect(r.isWinner).toBe(r.team === (winner === 'seekers' ? 'seeker' : 'shadow'));
      expect(r.isKiller).toBe(r.playerId === killer.playerId);
    }
    const row = await server.ctx.db.selectFrom('game_results').selectAll().where('game_id', '=', gameId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ winning_team: winner, accused_player_id: accused.playerId, killer_player_id: killer.playerId, killer_correct: winner === 'seekers' });
    expect(ZGameResults.parse(row.data)).toEqual(results);
    const gameRow = await server.ctx.db.selectFrom('games').select(['status', 'completed_at']).where('id', '=', gameId).executeTakeFirstOrThrow();
    expect(gameRow.status).toBe('completed');
    expect(gameRow.completed_at).not.toBeNull();

    // Having played it, a player may now read the killer's reveal story.
    const reveal = ZCharacterDetail.parse((await api('GET', `/api/characters/${roles.killerCharacterId}`, undefined, o4.token)).body);
    // Outside a game every character counts as present (the results named only those dealt tonight).
    expect(reveal.killerRevealStory).toBe(renderCastText(gameCase.reveal, fullCast(new Map(content.characters.map((c) => [c.id, c.name])))));

    // Every phone saw the same snapshot sequence, versions strictly rising.
    const sequence = phones[0]!.snapshots.map((e) => `${e.version}:${e.events.join(',')}`);
    for (const p of phones) {
      expect(p.snapshots.map((e) => `${e.version}:${e.events.join(',')}`)).toEqual(sequence);
      const versions = p.snapshots.map((e) => e.version);
      expect(versions.every((v, i) => i === 0 || v > versions[i - 1]!)).toBe(true);
    }
    for (const p of phones) p.socket.close();
  }

  it('the seekers win when the killer is convicted', async () => {
    await playWholeGame('seekers');
  });

  it('the shadows win when an innocent is convicted', async () => {
    await playWholeGame('shadows');
  });

  it('the admin analytics count exactly the votes of the games played through the API', async () => {
    expect(played).toHaveLength(2);
    const api = apiFor(server);
    let suspectPicks = 0;
    let finalVotes = 0;
    for (const g of played) {
      const b = await api<TVotingBreakdown>('GET', `/api/games/${g.gameId}/voting-breakdown`, undefined, g.token);
      expect(b.status).toBe(200);
      suspectPicks += b.body.suspectVotes.length;
      finalVotes += b.body.finalVotes.length;
    }
    const res = await api<TSuspectVotingAnalytics>('GET', '/api/admin/suspect-voting-by-game-size', undefined, played[0]!.token);
    expect(res.status).toBe(200);
    expect(res.body.totalGamesAnalyzed).toBe(2);
    const suspects = res.body.suspectVoting.gameSizeGroups.find((grp) => grp.playerCount === 8);
    const finals = res.body.finalConviction.gameSizeGroups.find((grp) => grp.playerCount === 8);
    expect(suspects).toMatchObject({ totalGames: 2, totalVotes: suspectPicks });
    expect(finals).toMatchObject({ totalGames: 2, totalVotes: finalVotes });
    expect(suspects!.characterVotes.reduce((n, c) => n + c.voteCount, 0)).toBe(suspectPicks);
  });
});
