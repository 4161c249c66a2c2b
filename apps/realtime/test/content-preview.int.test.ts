import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZDayContent, ZSeatPreview, type TStorylineContent } from '@ss/protocol';
import { apiFor, hostSession, startServer, TEST_MODE, uniqueEmail, type Api, type TestServer } from './harness.js';
import { assignAll, createLobby } from './game-setup.js';
import { fixtureContent } from './completed-game.js';
import { randomUUID } from 'node:crypto';

/**
 * The author's preview: an admin asks for one seat's homepage or day (storyline, case, table size, character,
 * day) and gets what that seat's phone would receive, built on a game held in memory only.
 */
const ADMIN = uniqueEmail('admin');

describe(`the admin's preview of a seat's day, without a game (${TEST_MODE})`, () => {
  let server: TestServer;
  let api: Api;
  let admin: string;
  let content: TStorylineContent;
  const url = (query: string, storyline = 'fixture-manor') => `/api/admin/storylines/${storyline}/preview${query ? `?${query}` : ''}`;
  const rows = async () => {
    const count = async (table: 'games' | 'game_events' | 'game_players') =>
      Number((await server.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    return { games: await count('games'), events: await count('game_events'), players: await count('game_players') };
  };

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_EMAILS: ADMIN } });
    api = apiFor(server);
    admin = (await hostSession(api, ADMIN, 'Author')).token;
    content = await fixtureContent('fixture-manor');
  }, 180_000);
  afterAll(async () => server?.close());

  it('gives an admin the seat view of any character, case, size and day, and writes nothing', async () => {
    const before = await rows();
    // By default: the first case, the smallest table, the first character dealt, the homepage.
    const home = await api(`GET`, url(''), undefined, admin);
    expect(home.status).toBe(200);
    const h = ZSeatPreview.parse(home.body);
    const first = content.cases![0]!;
    expect([h.caseId, h.players, h.day, h.dayContent]).toEqual([first.id, content.minPlayers, 0, null]);
    expect(h.choices.cases).toEqual(content.cases!.map((k) => ({ id: k.id, title: k.title })));
    expect(h.choices.dealt.map((c) => c.id)).toEqual(content.castTable![String(content.minPlayers)]);
    expect(h.characterId).toBe(h.choices.dealt[0]!.id);
    expect([h.game.currentPhase, h.game.phase.kind, h.game.status]).toEqual([0, 'homepage', 'in_progress']);
    // The seat is a player's, not the host's (the host's phone carries the host's controls).
    expect(h.me.character?.id).toBe(h.characterId);
    expect(h.me.gamePlayer.isHost).toBe(false);

    // The second case's killer on day 2 at a table of 6: a Shadow who is told so, with the Shadow brief of the day.
    const second = content.cases![1]!;
    const res = await api('GET', url(`case=${second.id}&players=6&as=${second.killerCharacterId}&day=2`), undefined, admin);
    expect(res.status).toBe(200);
    const k = ZSeatPreview.parse(res.body);
    expect([k.caseId, k.players, k.characterId, k.day]).toEqual([second.id, 6, second.killerCharacterId, 2]);
    expect([k.game.currentPhase, k.game.phase]).toEqual([2, { key: 'day-2', kind: 'day', day: 2 }]);
    expect(k.me.team).toBe('shadow');
    expect(k.me.shadowTeam?.youAreTheKiller).toBe(true);
    expect(k.dayContent?.day).toBe(2);
    expect(k.dayContent?.shadowBrief).not.toBeNull();
    // The public view names no killer and no case, as in a game.
    expect(JSON.stringify(k.game)).not.toContain(second.id);
    // A Seeker side asked for: a deal in which that character is a Seeker.
    const seeker = await api('GET', url(`case=${first.id}&as=${second.killerCharacterId}&day=1&team=seeker`), undefined, admin);
    expect(ZSeatPreview.parse(seeker.body).me.team).toBe('seeker');
    expect(ZSeatPreview.parse(seeker.body).dayContent?.shadowBrief ?? null).toBeNull();

    expect(await rows()).toEqual(before);
  });

  it('shows the same day page a real game of that case and size sends the seat', async () => {
    const lobby = await createLobby(server, ADMIN, content.minPlayers - 1, { caseNumber: 2 });
    await assignAll(lobby);
    expect((await api('PATCH', `/api/games/${lobby.gameId}`, { action: 'start', commandId: randomUUID() }, lobby.host.token)).status).toBe(200);
    expect((await api('PATCH', `/api/games/${lobby.gameId}`, { action: 'advance', fromPhase: 0, commandId: randomUUID() }, lobby.host.token)).status).toBe(200);
    const detective = content.roles!.detectiveCharacterId;
    const game = await api<{ players: Array<{ id: string; characterId: string; isHost: boolean }> }>('GET', `/api/games/${lobby.gameId}`, undefined, lobby.host.token);
    const holder = game.body.players.find((p) => p.characterId === detective)!;
    const token = holder.isHost ? lobby.host.token : lobby.players.find((p) => p.playerId === holder.id)!.token;
    const real = await api('GET', `/api/characters/${detective}/day/1${holder.isHost ? `?gameId=${lobby.gameId}` : ''}`, undefined, token);
    expect(real.status).toBe(200);
    const mine = await api<{ character: unknown }>('GET', `/api/games/${lobby.gameId}/my-character`, undefined, token);

    const preview = ZSeatPreview.parse((await api('GET', url(`case=${content.cases![1]!.id}&as=${detective}&day=1`), undefined, admin)).body);
    expect(preview.dayContent).toEqual(ZDayContent.parse(real.body));
    expect(preview.me.character).toEqual(mine.body.character);
  });

  it('refuses a non-admin (403), a caller without a token (401) and what the storyline does not have (400)', async () => {
    const host = await hostSession(api, uniqueEmail('host'), 'Not an admin');
    const lobby = await createLobby(server, ADMIN, 1);
    const player = lobby.players[0]!.token;
    const before = await rows();
    expect((await api('GET', url('day=1'))).status).toBe(401);
    for (const token of [host.token, player]) {
      const res = await api<{ message: string }>('GET', url('day=1'), undefined, token);
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('dayContent');
    }
    const row = content.castTable![String(content.minPlayers)]!;
    const absent = content.characters.find((c) => !row.includes(c.id))!.id;
    const refused: Array<[string, RegExp]> = [
      ['case=no-such-case', /fixture-manor has no case "no-such-case"/],
      [`players=${content.maxPlayers + 1}`, new RegExp(`players must be ${content.minPlayers} to ${content.maxPlayers}`)],
      ['players=many', /players must be a number/],
      [`as=${absent}`, new RegExp(`${absent} is not dealt at ${content.minPlayers} players`)],
      [`day=${content.days.length + 1}`, new RegExp(`day must be 0 \\(the homepage\\) to ${content.days.length}`)],
      ['day=-1', /day must be 0/],
      ['team=killer', /team must be seeker or shadow/],
    ];
    for (const [query, message] of refused) {
      const res = await api('GET', url(query), undefined, admin);
      expect(res.status, query).toBe(400);
      expect((res.body as { message: string }).message, query).toMatch(message);
    }
    expect((await api('GET', url('', 'no-such-storyline'), undefined, admin)).status).toBe(404);
    expect(await rows()).toEqual(before);
  });
});
