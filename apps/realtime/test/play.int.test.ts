import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TCharacterDetail, TDayContent, TPlayerNotes, TPublicCharacter } from '@ss/protocol';
import { renderCastText, ZCharacterDetail, ZDayContent, ZPlayerNotes, ZPublicCharacterList } from '@ss/protocol';
import { FIXTURE_CONTENT_DIR, hostSession, TEST_MODE, uniqueEmail } from './harness.js';
import { serverForSuite } from './suite-server.js';
import { completedGame, startedGame, setPhase } from './completed-game.js';

const ADMIN = uniqueEmail('admin');
const OTHER_ADMIN = uniqueEmail('admin2');
const MISSING = 'Character not found or day content unavailable';

describe(`in-game content (${TEST_MODE})`, () => {
  const suite = serverForSuite({ env: { ADMIN_EMAILS: `${ADMIN},${OTHER_ADMIN}` } });
  const api = suite.api;

  const day = (characterId: string, n: number | string, token: string, gameId?: string) =>
    api<TDayContent & { message?: string; error?: string }>('GET', `/api/characters/${characterId}/day/${n}${gameId ? `?gameId=${gameId}` : ''}`, undefined, token);

  it('serves a player their own day once the host has reached it, with role-only blocks for their holders only', async () => {
    const g = await startedGame(suite.server, ADMIN, 6);
    const roles = g.content.roles!;
    const reader = g.seats.find((s) => s.characterId === roles.pressConferenceCharacterId)!;
    const flasher = g.seats.find((s) => roles.memoryFlashCharacterIds.includes(s.characterId))!;
    const plain = g.seats.find((s) => s !== reader && s !== flasher && s.token !== g.lobby.host.token)!;
    expect(reader && flasher && plain).toBeTruthy();

    // Phase 0 (homepage): no day yet.
    const early = await day(plain.characterId, 1, plain.token);
    expect(early.status).toBe(403);
    expect(early.body.message).toBe('Day 1 is not available yet: it opens when the host starts it');

    await setPhase(api, g, 1);
    const d1 = await day(plain.characterId, 1, plain.token);
    expect(d1.status).toBe(200);
    const parsed = ZDayContent.parse(d1.body);
    const source = g.content.characters.find((c) => c.id === plain.characterId)!.days[0]!;
    // Text is rendered for tonight's cast (cast tokens); the date and day name come from the storyline.
    const dealt = new Set(g.seats.map((s) => s.characterId));
    const cast = { nameOf: (id: string) => g.content.characters.find((c) => c.id === id)?.name, inGame: (id: string) => dealt.has(id) };
    expect(parsed).toMatchObject({
      day: 1,
      date: g.content.days[0]!.date,
      dayName: g.content.days[0]!.name,
      dayClue: renderCastText(g.content.days[0]!.clue, cast),
      storyline: renderCastText(source.storyline, cast),
      victimRelationship: renderCastText(source.victimRelationship, cast),
      pressConference: null,
      memoryFlash: null,
    });
    // Images are handed out by content hash (never by file name) and serve the very file of the content.
    const sameFile = async (served: string | undefined, contentUrl: string) => {
      expect(served).toMatch(/^\/media\/[0-9a-f]{32}\.svg$/);
      const res = await fetch(suite.server.url + served);
      expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(path.join(FIXTURE_CONTENT_DIR, contentUrl.replace(/^\/content\//, ''))))).toBe(true);
    };
    expect(parsed.maps).toHaveLength(source.maps.length);
    for (const [i, m] of source.maps.entries()) await sameFile(parsed.maps[i], m.url);
    expect(parsed.clueMedia.map((m) => ({ ...m, url: '' }))).toEqual(source.clueImages.map((m) => ({ ...m, url: '' })));
    await sameFile(parsed.bannerImage, g.content.days[0]!.bannerImage);

    // A future day is refused with a clear message, and so are malformed day numbers.
    const future = await day(plain.characterId, 2, plain.token);
    expect(future.status).toBe(403);
    expect(future.body.message).toBe('Day 2 is not available yet: it opens when the host starts it');
    for (const bad of [0, 5, 'two', 1.5]) {
      const res = await day(plain.characterId, bad, plain.token);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Day must be 1 to 4');
    }

    // Another player's character, an unknown character, another game: one 404 with the catalogue's message.
    for (const res of [
      await day(reader.characterId, 1, plain.token),
      await day('no-such-character', 1, plain.token),
      await day(plain.characterId, 1, plain.token, randomUUID()),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MISSING);
    }
    expect((await day(plain.characterId, 1, '')).status).toBe(401);

    await setPhase(api, g, 4);
    const readerDay = ZDayContent.parse((await day(reader.characterId, 3, reader.token)).body);
    expect(readerDay.pressConference).toBe(g.content.characters.find((c) => c.id === reader.characterId)!.days[2]!.pressConference);
    expect(readerDay.memoryFlash).toBeNull();
    const flash1 = ZDayContent.parse((await day(flasher.characterId, 1, flasher.token)).body);
    const flash4 = ZDayContent.parse((await day(flasher.characterId, 4, flasher.token)).body);
    expect(flash1.memoryFlash).toBeNull();
    expect(flash4.memoryFlash).toBe(g.content.characters.find((c) => c.id === flasher.characterId)!.days[3]!.memoryFlash);
    expect(flash4.pressConference).toBeNull();
    expect(flash4.date).toBe(g.content.days[3]!.date);
    const plain4 = ZDayContent.parse((await day(plain.characterId, 4, plain.token)).body);
    expect(plain4.pressConference).toBeNull();
    expect(plain4.memoryFlash).toBeNull();
  });

  it("lets the host's user token read the host's own character, and other characters only in testing mode", async () => {
    const g = await startedGame(suite.server, ADMIN, 5);
    const host = g.seats[0]!;
    const other = g.seats[2]!;
    await setPhase(api, g, 2);
    expect((await day(host.characterId, 2, g.lobby.host.token)).status).toBe(200);
    expect((await day(host.characterId, 2, g.lobby.host.token, g.gameId)).status).toBe(200);
    const refused = await day(other.characterId, 2, g.lobby.host.token, g.gameId);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(MISSING);

    const t = await startedGame(suite.server, ADMIN, 5, { isTestingMode: true });
    await setPhase(api, t, 1);
    const testing = await day(t.seats[3]!.characterId, 1, t.lobby.host.token, t.gameId);
    expect(testing.status).toBe(200);
    const dealtT = new Set(t.seats.map((s) => s.characterId));
    const castT = { nameOf: (id: string) => t.content.characters.find((c) => c.id === id)?.name, inGame: (id: string) => dealtT.has(id) };
    expect(testing.body.storyline).toBe(renderCastText(t.content.characters.find((c) => c.id === t.seats[3]!.characterId)!.days[0]!.storyline, castT));
    expect((await day(t.seats[3]!.characterId, 2, t.lobby.host.token, t.gameId)).status).toBe(403);
    // Another admin may read in testing mode; a plain host of another game may not.
    const admin2 = await hostSession(api, OTHER_ADMIN, 'Second admin');
    expect((await day(t.seats[3]!.characterId, 1, admin2.token, t.gameId)).status).toBe(200);
    expect((await day(g.seats[3]!.characterId, 2, admin2.token, g.gameId)).status).toBe(404);
    const stranger = await hostSession(api, uniqueEmail('stranger'), 'Stranger');
    expect((await day(t.seats[3]!.characterId, 1, stranger.token, t.gameId)).status).toBe(404);
    expect((await day(t.seats[3]!.characterId, 1, stranger.token)).status).toBe(404);
  });

  it('lists a storyline cast with public fields only', async () => {
    const g = await startedGame(suite.server, ADMIN, 4);
    const res = await api<TPublicCharacter[]>('GET', `/api/characters/storyline/${g.content.id}`, undefined, g.seats[1]!.token);
    expect(res.status).toBe(200);
    const list = ZPublicCharacterList.parse(res.body);
    expect(list.map((c) => c.name)).toEqual(g.content.characters.map((c) => c.name).sort((a, b) => a.localeCompare(b)));
    const allowed = ['id', 'name', 'profession', 'imageUrl', 'imageAlt', 'role', 'description', 'gender', 'age', 'height', 'appearance'].sort();
    for (const c of res.body) expect(Object.keys(c).sort()).toEqual(allowed);
    const text = JSON.stringify(res.body);
    for (const c of g.content.characters) {
      for (const secret of [c.secrets, c.motivation, c.killerRevealStory, c.pressConferenceHomepage, c.gameObjective, ...c.days.map((d) => d.storyline)]) {
        if (secret) expect(text).not.toContain(secret);
      }
    }
    expect(text).not.toMatch(/"team"|"isKiller"|"killer|"secrets"|"searchWarrant/);
    expect((await api('GET', '/api/characters/storyline/no-such-storyline', undefined, g.seats[1]!.token)).status).toBe(404);
    expect((await api('GET', `/api/characters/storyline/${g.content.id}`)).status).toBe(401);
  });

  it('reveals the killer story only to someone who played a completed game of the storyline, and never says who the killer is before', async () => {
    // Both games play the first case, so they share a killer.
    const live = await startedGame(suite.server, ADMIN, 5, { caseNumber: 1 });
    const killerId = live.case.killerCharacterId;
    const innocentId = live.seats.find((s) => !s.isKiller)!.characterId;
    const read = (id: string, token: string) => api<TCharacterDetail>('GET', `/api/characters/${id}`, undefined, token);

    // Before any completed game: 200 for every character alike, with no story.
    for (const token of [live.seats[1]!.token, live.lobby.host.token]) {
      const k = await read(killerId, token);
      const i = await read(innocentId, token);
      expect(k.status).toBe(200);
      expect(i.status).toBe(200);
      expect(ZCharacterDetail.parse(k.body).killerRevealStory).toBeNull();
      expect(Object.keys(k.body).sort()).toEqual(Object.keys(i.body).sort());
    }
    expect((await read('no-such-character', live.seats[1]!.token)).status).toBe(404);

    // A different host plays a game to the end.
    const done = await completedGame(suite.server, OTHER_ADMIN, 5, { finals: { 1: 0, 2: 0, 3: 0 } }, { caseNumber: 1 });
    const story = done.content.characters.find((c) => c.id === killerId)!.killerRevealStory;
    expect(story).toBeTruthy();
    expect((await read(killerId, done.seats[2]!.token)).body.killerRevealStory).toBe(story);
    expect((await read(killerId, done.lobby.host.token)).body.killerRevealStory).toBe(story);
    expect((await read(innocentId, done.seats[2]!.token)).body.killerRevealStory).toBeNull();
    // Those who did not play it still get nothing.
    expect((await read(killerId, live.seats[1]!.token)).body.killerRevealStory).toBeNull();
    const outsider = await hostSession(api, uniqueEmail('outsider'), 'Outsider');
    expect((await read(killerId, outsider.token)).body.killerRevealStory).toBeNull();
  });

  it('keeps each player’s own notes on the server', async () => {
    const g = await startedGame(suite.server, ADMIN, 4);
    const [host, a, b] = g.seats;
    const notes = (token: string) => api<TPlayerNotes>('GET', `/api/games/${g.gameId}/notes`, undefined, token);
    expect((await notes(a!.token)).body).toEqual({ body: '', updatedAt: null });
    const put = await api<TPlayerNotes>('PUT', `/api/games/${g.gameId}/notes`, { body: 'The butler was in the study.' }, a!.token);
    expect(put.status).toBe(200);
    expect(ZPlayerNotes.parse(put.body).body).toBe('The butler was in the study.');
    expect((await notes(a!.token)).body.body).toBe('The butler was in the study.');
    expect((await notes(b!.token)).body.body).toBe('');
    await api('PUT', `/api/games/${g.gameId}/notes`, { body: 'Host notes' }, host!.token);
    expect((await notes(g.lobby.host.token)).body.body).toBe('Host notes');
    const tooLong = await api<{ message: string }>('PUT', `/api/games/${g.gameId}/notes`, { body: 'x'.repeat(20_001) }, a!.token);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('Notes are limited to 20,000 characters');
    expect((await notes(a!.token)).body.body).toBe('The butler was in the study.');
    const other = await startedGame(suite.server, ADMIN, 4);
    expect((await api('GET', `/api/games/${g.gameId}/notes`, undefined, other.seats[1]!.token)).status).toBe(403);
    const admin2 = await hostSession(api, OTHER_ADMIN, 'Second admin');
    const noSeat = await api<{ message: string }>('GET', `/api/games/${g.gameId}/notes`, undefined, admin2.token);
    expect(noSeat.status).toBe(403);
    expect(noSeat.body.message).toBe('Player not found in game');
  });
});
