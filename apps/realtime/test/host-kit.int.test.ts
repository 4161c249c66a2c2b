import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Refusal, ZAnswerSheetResponse, ZHostKitResponse, type TCommandResponse } from '@ss/protocol';
import { emitAck, signupHost, TEST_MODE, uniqueEmail, type ClientSocket } from './harness.js';
import { serverForSuite } from './suite-server.js';
import { joinedSocket } from './game-setup.js';
import { recordVotes, startedGame, type PlayedGame } from './completed-game.js';
import { roomView, waitForView } from './room-view.js';

describe(`host kit: hints, host notes, the answer sheet, the host guide PDF (${TEST_MODE})`, () => {
  const ADMIN = uniqueEmail('kit-admin');
  const suite = serverForSuite({ env: { ADMIN_EMAILS: ADMIN } });
  const api = suite.api;
  let game: PlayedGame;
  const phones: ClientSocket[] = [];
  beforeAll(async () => {
    game = await startedGame(suite.server, ADMIN, 5);
    // Every seat's phone (the host's included) follows the room as the web client does.
    for (const s of game.seats) phones.push(await joinedSocket(suite.server, s.token, game.gameId));
  });
  afterAll(async () => {
    for (const p of phones) p.close();
  });
  const host = () => game.seats[0]!.token;
  const player = (i = 1) => game.seats[i]!.token;
  const events = async (type: string) =>
    (await suite.server.ctx.db.selectFrom('game_events').select(['event', 'actor']).where('game_id', '=', game.gameId).where('type', '=', type).orderBy('seq').execute());

  it('host notes: served to the host, refused to a player', async () => {
    const res = await api('GET', `/api/games/${game.gameId}/host-kit`, undefined, host());
    expect(res.status).toBe(200);
    const kit = ZHostKitResponse.parse(res.body).kit;
    expect(Object.keys(kit.phases)).toEqual(['homepage', 'day-1', 'day-2', 'day-3', 'day-4', 'suspect-vote', 'final-vote']);
    const refused = await api<{ error: string }>('GET', `/api/games/${game.gameId}/host-kit`, undefined, player());
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('h-study');
  });

  it('a hint on the homepage is refused; from day 1 the host pushes it over REST and every phone shows the card', async () => {
    const early = await api<{ reason: string }>('POST', `/api/games/${game.gameId}/hints`, { hintId: 'h-study', commandId: randomUUID() }, host());
    expect(early.status).toBe(409);
    expect(early.body.reason).toBe(Refusal.WRONG_PHASE);
    expect(await events('hint_pushed')).toHaveLength(0);

    const advanced = await api('PATCH', `/api/games/${game.gameId}`, { action: 'advance', fromPhase: 0, commandId: randomUUID() }, host());
    expect(advanced.status).toBe(200);
    const seen = phones.map((p) => waitForView(p, (c) => (c.game.hints ?? []).some((h) => h.hintId === 'h-study'), 5000));
    const res = await api<TCommandResponse>('POST', `/api/games/${game.gameId}/hints`, { hintId: 'h-study', commandId: randomUUID() }, host());
    expect(res.status).toBe(200);
    expect(res.body.game.hints?.map((h) => h.title)).toEqual(['Who had the study key?']);
    const changes = await Promise.all(seen);
    for (const c of changes) {
      expect(c.events).toContain('hint_pushed');
      expect(c.game.hints).toEqual([expect.objectContaining({ hintId: 'h-study', title: 'Who had the study key?', text: 'Compare the key board with what the cook saw.', phase: 1, phaseKey: 'day-1' })]);
    }
    // Durable: one event in the game's log, with the time, the phase and the host's seat.
    const log = await events('hint_pushed');
    expect(log).toHaveLength(1);
    expect(log[0]!.event).toMatchObject({ type: 'hint_pushed', hint: { hintId: 'h-study', phase: 1, byPlayerId: game.seats[0]!.playerId } });
  });

  it('the socket twin: a player is refused; the host pushes a second card; a repeat adds nothing; an unknown hint is refused', async () => {
    const byPlayer = await emitAck(phones[2]!, 'table:hint', { gameId: game.gameId, hintId: 'h-tea', commandId: randomUUID() });
    expect(byPlayer.ok).toBe(false);
    expect(!byPlayer.ok && byPlayer.error.status).toBe(403);
    const rest = await api<{ reason: string }>('POST', `/api/games/${game.gameId}/hints`, { hintId: 'h-tea', commandId: randomUUID() }, player(2));
    expect(rest.status).toBe(403);
    expect(rest.body.reason).toBe(Refusal.NOT_HOST);
    // h-tea opens on day 2.
    const tooSoon = await emitAck(phones[0]!, 'table:hint', { gameId: game.gameId, hintId: 'h-tea', commandId: randomUUID() });
    expect(!tooSoon.ok && tooSoon.error.reason).toBe(Refusal.WRONG_PHASE);
    await api('PATCH', `/api/games/${game.gameId}`, { action: 'advance', fromPhase: 1, commandId: randomUUID() }, host());
    const seen = phones.map((p) => waitForView(p, (c) => (c.game.hints ?? []).length === 2, 5000));
    const ok = await emitAck(phones[0]!, 'table:hint', { gameId: game.gameId, hintId: 'h-tea', commandId: randomUUID() });
    expect(ok.ok).toBe(true);
    for (const c of await Promise.all(seen)) expect(c.game.hints?.map((h) => [h.hintId, h.phaseKey])).toEqual([['h-study', 'day-1'], ['h-tea', 'day-2']]);
    const again = await emitAck(phones[0]!, 'table:hint', { gameId: game.gameId, hintId: 'h-tea', commandId: randomUUID() });
    expect(again.ok).toBe(true);
    const unknown = await api<{ reason: string }>('POST', `/api/games/${game.gameId}/hints`, { hintId: 'h-nowhere', commandId: randomUUID() }, host());
    expect(unknown.status).toBe(404);
    expect(unknown.body.reason).toBe(Refusal.HINT_NOT_FOUND);
    expect(await events('hint_pushed')).toHaveLength(2);
    expect(roomView(phones[3]!).hints).toHaveLength(2);
  });

  it('the answer sheet: refused to a player and to the host before the final vote, with no content; served to both after the final vote and the reveal', async () => {
    for (const token of [player(), host()]) {
      const res = await api<{ reason: string }>('GET', `/api/games/${game.gameId}/answer-sheet`, undefined, token);
      expect(res.status).toBe(409);
      expect(res.body.reason).toBe(Refusal.GAME_NOT_COMPLETED);
      expect(JSON.stringify(res.body)).not.toContain(game.case.motive ?? 'no motive');
    }
    const others = game.seats.map((_, i) => i).filter((i) => i !== game.killerSeat);
    await recordVotes(suite.server, game, { finals: Object.fromEntries(others.map((i) => [i, game.killerSeat])) });
    // (recordVotes also takes the room through the whole shared reveal, as the host would.)
    for (const token of [player(), host()]) {
      const res = await api('GET', `/api/games/${game.gameId}/answer-sheet`, undefined, token);
      expect(res.status).toBe(200);
      const sheet = ZAnswerSheetResponse.parse(res.body);
      expect(sheet.caseTitle).toBe(game.case.title);
      expect(sheet.killerName).toBe(game.seats[game.killerSeat]!.characterName);
      expect(sheet.sheet.motive).toBe(game.case.motive);
    }
    // Hints are over with the game.
    const late = await api<{ reason: string }>('POST', `/api/games/${game.gameId}/hints`, { hintId: 'h-study', commandId: randomUUID() }, host());
    expect(late.body.reason).toBe(Refusal.GAME_NOT_IN_PROGRESS);
  });

  it('the host guide PDF: a PDF for a host who may host the storyline, refused to others', async () => {
    const admin = await api<{ token: string }>('POST', '/api/auth/login', { email: ADMIN, password: 'Sup3r-secret!' });
    const res = await fetch(`${suite.server.url}/api/storylines/fixture-manor/host-guide.pdf`, { headers: { authorization: `Bearer ${admin.body.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('fixture-manor-host-guide.pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(2000);

    const stranger = await signupHost(api);
    const refused = await fetch(`${suite.server.url}/api/storylines/fixture-manor/host-guide.pdf`, { headers: { authorization: `Bearer ${stranger.token}` } });
    expect(refused.status).toBe(402);
    expect(refused.headers.get('content-type')).toContain('application/json');
    const anonymous = await fetch(`${suite.server.url}/api/storylines/fixture-manor/host-guide.pdf`);
    expect(anonymous.status).toBe(401);
    // A player's token is no host's.
    const seat = await fetch(`${suite.server.url}/api/storylines/fixture-manor/host-guide.pdf`, { headers: { authorization: `Bearer ${player()}` } });
    expect(seat.status).toBe(403);
  });
});
