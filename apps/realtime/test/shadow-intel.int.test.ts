import { describe, expect, it } from 'vitest';
import { ZDayContent, ZMyCharacterResponse, type TContentCharacter, type TDayContent, type TMyCharacterResponse } from '@ss/protocol';
import { TEST_MODE, uniqueEmail } from './harness.js';
import { serverForSuite } from './suite-server.js';
import { startedGame, setPhase, type PlayedGame, type Seat } from './completed-game.js';

const ADMIN = uniqueEmail('admin');

/**
 * The Shadow side's secrets leave the server only for Shadows: a Seeker's calls never carry the killer's identity,
 * the Shadow team or any shadow brief; a Shadow's own phone carries all three; the host, unless their own seat is a
 * Shadow, sees other seats only as the public does. Whom-to-ask lines and cast tokens follow tonight's cast.
 */
describe(`shadow intelligence and cast-aware text (${TEST_MODE})`, () => {
  const suite = serverForSuite({ env: { ADMIN_EMAILS: ADMIN } });
  const api = suite.api;

  const me = async (g: PlayedGame, s: Seat): Promise<{ body: TMyCharacterResponse; raw: string }> => {
    const res = await api<TMyCharacterResponse>('GET', `/api/games/${g.gameId}/my-character`, undefined, s.token);
    expect(res.status).toBe(200);
    return { body: ZMyCharacterResponse.parse(res.body), raw: JSON.stringify(res.body) };
  };
  const day = async (g: PlayedGame, s: Seat, n: number, characterId = s.characterId): Promise<{ body: TDayContent; raw: string }> => {
    const q = s.token === g.lobby.host.token ? `?gameId=${g.gameId}` : '';
    const res = await api<TDayContent>('GET', `/api/characters/${characterId}/day/${n}${q}`, undefined, s.token);
    expect(res.status).toBe(200);
    return { body: ZDayContent.parse(res.body), raw: JSON.stringify(res.body) };
  };
  const character = (g: PlayedGame, id: string): TContentCharacter => g.content.characters.find((c) => c.id === id)!;
  /** Every shadow-brief text of the storyline: none of it may reach a Seeker. */
  const briefTexts = (g: PlayedGame) =>
    g.content.characters.flatMap((c) => (c.shadowBriefs ?? []).flatMap((b) => [b.hide, b.safeLie, b.riskyLie]));

  it("gives Shadows the killer, their team and today's brief; Seekers and a Seeker host get none of it", async () => {
    const g = await startedGame(suite.server, ADMIN, 8);
    await setPhase(api, g, 2);
    const killer = g.seats[g.killerSeat]!;
    const shadows = g.seats.filter((s) => s.team === 'shadow');
    const seekers = g.seats.filter((s) => s.team === 'seeker');
    expect(shadows).toHaveLength(g.content.shadowsByPlayerCount['8']!);
    expect(seekers.length).toBeGreaterThan(0);
    const secrets = briefTexts(g);
    expect(secrets.length).toBeGreaterThan(0);

    for (const s of seekers) {
      const mine = await me(g, s);
      expect(mine.body.team).toBe('seeker');
      expect(mine.body.shadowTeam).toBeNull();
      expect(mine.raw).not.toContain('youAreTheKiller');
      const d = await day(g, s, 2);
      expect(d.body.shadowBrief).toBeNull();
      for (const t of secrets) {
        expect(mine.raw).not.toContain(t);
        expect(d.raw).not.toContain(t);
      }
    }

    for (const s of shadows) {
      const mine = await me(g, s);
      expect(mine.body.team).toBe('shadow');
      expect(mine.body.shadowTeam).toEqual({
        youAreTheKiller: s === killer,
        killer: { characterId: killer.characterId, name: killer.characterName, playerName: killer.displayName },
        shadows: shadows
          .filter((x) => x !== s && x !== killer)
          .map((x) => ({ characterId: x.characterId, name: x.characterName, playerName: x.displayName })),
      });
      const brief = character(g, s.characterId).shadowBriefs!.find((b) => b.day === 2)!;
      const d = await day(g, s, 2);
      expect(d.body.shadowBrief).toMatchObject({ hide: brief.hide, safeLie: brief.safeLie, riskyLie: brief.riskyLie });
      // Cast tokens rendered: the steer material names the character, never "{{id}}".
      for (const t of d.body.shadowBrief!.steer) {
        expect(t.material).toBe(`Point at ${t.name}: they were near the study.`);
        expect(g.seats.some((x) => x.characterId === t.characterId)).toBe(true);
      }
      // Another day's brief is not sent ahead of its day.
      const other = character(g, s.characterId).shadowBriefs!.find((b) => b.day === 3)!;
      expect(other.hide).not.toBe(brief.hide);
      expect(d.raw).not.toContain(other.hide);
    }

    // The host (seat 0): the Shadow view only if the host's own seat is a Shadow.
    const host = g.seats[0]!;
    const hostMe = await me(g, host);
    expect(hostMe.body.shadowTeam === null).toBe(host.team === 'seeker');
    expect((await day(g, host, 2)).body.shadowBrief === null).toBe(host.team === 'seeker');
  });

  it('shows the host other seats only as the public does, even in testing mode', async () => {
    const g = await startedGame(suite.server, ADMIN, 6, { isTestingMode: true });
    await setPhase(api, g, 1);
    const host = g.seats[0]!;
    // The cast list after the start: public fields only.
    const cast = await api<{ characters: Array<Record<string, unknown>> }>('GET', `/api/games/${g.gameId}/characters`, undefined, g.lobby.host.token);
    expect(cast.status).toBe(200);
    for (const c of cast.body.characters) {
      for (const k of ['backstory', 'relationships', 'secrets', 'motivation', 'shadowBriefs', 'privateWords', 'team']) expect(c).not.toHaveProperty(k);
    }
    // The game view names no team and no killer.
    const view = await api<Record<string, unknown>>('GET', `/api/games/${g.gameId}`, undefined, g.lobby.host.token);
    const raw = JSON.stringify(view.body);
    expect(raw).not.toMatch(/"team":"(seeker|shadow)"/);
    expect(raw).not.toContain('killer');
    // Testing mode lets the host read another character's clues, but never that character's shadow brief.
    const others = g.seats.filter((s) => s !== host && (character(g, s.characterId).shadowBriefs?.length ?? 0) > 0);
    expect(others.length).toBeGreaterThan(0);
    for (const s of others) {
      const d = await day(g, host, 1, s.characterId);
      expect(d.body.shadowBrief).toBeNull();
      for (const t of briefTexts(g)) expect(d.raw).not.toContain(t);
    }
  });

  it("renders whom-to-ask and cast tokens for tonight's cast only", async () => {
    // Four seats: butler, inspector, cook, gardener are dealt; the nurse and the niece are not. The first case,
    // whose killer (the butler) is the one the inspector's day-1 line names.
    const g = await startedGame(suite.server, ADMIN, 4, { caseNumber: 1 });
    await setPhase(api, g, 1);
    const dealt = new Set(g.seats.map((s) => s.characterId));
    expect(dealt.has('fx-nurse')).toBe(false);
    const inspector = g.seats.find((s) => s.characterId === g.content.roles!.detectiveCharacterId)!;
    const d = await day(g, inspector, 1);
    // The line about the absent nurse becomes the neutral line; the killer (always dealt) is named.
    const killer = g.seats[g.killerSeat]!;
    expect(d.body.whomToAsk).toEqual([
      { characterId: killer.characterId, name: killer.characterName, about: 'what they make of day 1' },
      { characterId: null, name: null, about: 'Ask around: who was in the study?' },
    ]);
    expect(d.body.storyline).toBe(`Day 1 for ${inspector.characterName}. Nobody admits to seeing the squire last.`);
    expect(d.raw).not.toContain('Jane Holt');
    expect(d.raw).not.toContain('{{');
    // A Shadow's steer targets are only characters at the table (the niece is left out).
    const shadow = g.seats.find((s) => s.team === 'shadow')!;
    const brief = (await day(g, shadow, 1)).body.shadowBrief!;
    expect(brief.steer.length).toBeGreaterThan(0);
    for (const t of brief.steer) expect(dealt.has(t.characterId)).toBe(true);
    expect(brief.steer.map((t) => t.characterId)).not.toContain('fx-niece');
    // The day's name, date and shared clue come from the storyline, not from shared code.
    expect(d.body).toMatchObject({ date: g.content.days[0]!.date, dayName: g.content.days[0]!.name, dayClue: g.content.days[0]!.clue });
    const view = await api<{ storyline: { days: unknown[] } }>('GET', `/api/games/${g.gameId}`, undefined, g.lobby.host.token);
    expect(view.body.storyline.days).toEqual(g.content.days.map((x) => ({ day: x.day, name: x.name, date: x.date })));
  });

  it('keeps the public storyline list to the premise: day teasers, never day clues', async () => {
    const res = await api<Array<{ id: string; phasesJson: Array<Record<string, unknown>> }>>('GET', '/api/storylines');
    const g = await startedGame(suite.server, ADMIN, 4);
    const s = res.body.find((x) => x.id === g.content.id)!;
    expect(s.phasesJson).toEqual(g.content.days.map((d) => ({ day: d.day, name: d.name, date: d.date, teaser: d.teaser ?? null })));
    const raw = JSON.stringify(res.body);
    for (const d of g.content.days) expect(raw).not.toContain(d.clue);
  });
});
