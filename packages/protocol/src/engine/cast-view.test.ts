import { describe, expect, it } from 'vitest';
import type { TCharacterDayContent, TContentCharacter, TShadowBrief } from '../content.js';
import { Refusal } from './refusals.js';
import type { EngineStoryline } from './state.js';
import { HOST_SEAT, KitGame, guest, hostActor, kitGameCreated, kitStoryline, seatActor, uuid } from './test-kit.js';
import { publicView, pushedSeatView, seatDayView, seatView, viewFor, votingResultsView } from './views.js';

const refused = (d: { ok: boolean; code?: string }) => (d.ok ? null : d.code);

const day = (n: number, over: Partial<TCharacterDayContent> = {}): TCharacterDayContent => ({
  day: n,
  storyline: `Day ${n} story.`,
  maps: [],
  clueImages: [],
  characterKnowledge: [],
  victimRelationship: 'You knew him.',
  whomToAsk: [{ characterId: 'c1', about: 'tell the Inspector what you saw.' }],
  ...over,
});

const brief = (n: number): TShadowBrief => ({
  day: n,
  hide: `HIDE-${n}`,
  steer: [
    { characterId: 'c4', material: 'the muddy boots' },
    { characterId: 'c9', material: 'the torn letter' },
  ],
  safeLie: 'You went home early.',
  riskyLie: 'You never owned a car.',
  caughtBy: ['clue-x'],
});

/**
 * The kit storyline with a cast table: six to nine players, essential c0-c4 plus c5 (c0 killer, c1 detective),
 * c6-c8 optional, c9 never dealt below ten. c2 is written with cast tokens and whom-to-ask lines for absent people.
 */
function castStoryline(): EngineStoryline {
  const base = kitStoryline(10);
  const content = JSON.parse(JSON.stringify(base.content)) as typeof base.content;
  content.minPlayers = 6;
  content.maxPlayers = 9;
  content.essentialCharacterIds = ['c0', 'c1', 'c2', 'c3', 'c4', 'c5'];
  content.castTable = {
    '6': ['c0', 'c1', 'c2', 'c3', 'c4', 'c5'],
    '7': ['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6'],
    '8': ['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7'],
    '9': ['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8'],
  };
  content.shadowCandidates = ['c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8'];
  content.shadowsByPlayerCount = { 6: 2, 7: 2, 8: 2, 9: 3 };
  content.days[0]!.clue = 'The Inspector {{c1}} opens the case.';
  for (const c of content.characters as TContentCharacter[]) {
    c.days = [1, 2, 3, 4].map((n) => day(n));
    if (c.id === 'c0' || content.shadowCandidates.includes(c.id)) c.shadowBriefs = [1, 2, 3, 4].map(brief);
  }
  const c2 = content.characters.find((c) => c.id === 'c2')!;
  c2.backstory = 'You grew up with {{c3}}.{{?c7}} {{c7|Old Tom}} still owes you money.{{:}} The debt died with the victim.{{/}}';
  c2.days[0] = day(1, {
    storyline: 'You saw {{?c8}}{{c8}}{{:}}somebody{{/}} by the mere.',
    clueImages: [
      {
        url: '/content/kit/art/pad.svg',
        caption: 'The telephone pad{{?c7}}, kept by {{c7|Old Tom}}{{/}}',
        alt: 'Pad: 11.02 {{?c8}}{{c8}}{{:}}a caller{{/}} for {{c3}}.',
        type: 'image',
      },
    ],
    whomToAsk: [
      { characterId: 'c1', about: 'tell her about the boat.' },
      { characterId: 'c8', about: 'ask about the lamp.', ifAbsent: { about: 'ask who carried a lamp by the mere.' } },
      { characterId: 'c7', about: 'ask about the debt.', ifAbsent: { characterId: 'c3', about: 'ask whether the debt was paid.' } },
      { characterId: 'c9', about: 'this line names nobody when c9 is absent.' },
    ],
  });
  c2.searchWarrantEvidence = [
    { url: '/content/kit/art/search.svg', caption: 'A letter{{?c7}} from {{c7|Old Tom}}{{:}}, unsigned{{/}}', alt: 'Found by {{c1}}.', type: 'image' },
  ];
  content.characters = content.characters.map((c) => ({ ...c }));
  return { content, characters: new Map(content.characters.map((c) => [c.id, c])) };
}

/** Seats `n` (host included) with the cast table's row for n and starts. */
function started(n: number) {
  const storyline = castStoryline();
  const g = new KitGame(storyline, kitGameCreated({ characterLimit: 10 }));
  for (let i = 0; i < n - 1; i++) g.run({ type: 'join', playerId: uuid(2 + i), displayName: `P${i}` }, guest);
  const row = storyline.content.castTable![String(n)]!;
  g.state.players.forEach((p, i) => g.run({ type: 'assign_character', playerId: p.id, characterId: row[i]! }, hostActor));
  const d = g.run({ type: 'start_game' }, hostActor);
  return { g, storyline, d };
}

describe('cast table rules in the engine', () => {
  it('assigns only characters of the pool the tier allows: the cast table rows up to the limit', () => {
    const storyline = castStoryline();
    const g = new KitGame(storyline, kitGameCreated({ characterLimit: 8 }));
    g.run({ type: 'join', playerId: uuid(2), displayName: 'Ann' }, guest);
    expect(g.run({ type: 'assign_character', playerId: uuid(2), characterId: 'c7' }, hostActor).ok).toBe(true);
    // c8 is dealt only at nine players, above this game's limit of eight; c9 is in no row at all.
    expect(refused(g.run({ type: 'assign_character', playerId: HOST_SEAT, characterId: 'c8' }, hostActor))).toBe(Refusal.CHARACTER_NOT_AVAILABLE);
    expect(refused(g.run({ type: 'assign_character', playerId: HOST_SEAT, characterId: 'c9' }, hostActor))).toBe(Refusal.CHARACTER_NOT_AVAILABLE);
  });

  it('refuses to start without every essential character, even with killer and detective in play', () => {
    const storyline = castStoryline();
    const g = new KitGame(storyline, kitGameCreated());
    for (let i = 0; i < 5; i++) g.run({ type: 'join', playerId: uuid(2 + i), displayName: `P${i}` }, guest);
    // c5 (essential) left out, c6 (optional) dealt instead.
    ['c0', 'c1', 'c2', 'c3', 'c4', 'c6'].forEach((id, i) => g.run({ type: 'assign_character', playerId: g.state.players[i]!.id, characterId: id }, hostActor));
    const d = g.run({ type: 'start_game' }, hostActor);
    expect(refused(d)).toBe(Refusal.CORE_CAST_MISSING);
    // The message names the missing essential character only: it must not single out the killer.
    expect(d.ok ? '' : d.message).toContain('Character 5');
    expect(d.ok ? '' : d.message).not.toContain('Character 0');
    g.run({ type: 'assign_character', playerId: g.state.players[5]!.id, characterId: 'c5' }, hostActor);
    expect(g.run({ type: 'start_game' }, hostActor).ok).toBe(true);
  });

  it('deals the cast table row for the number of seats, essential characters included', () => {
    const storyline = castStoryline();
    const g = new KitGame(storyline, kitGameCreated({ characterLimit: 10 }));
    for (let i = 0; i < 6; i++) g.run({ type: 'join', playerId: uuid(2 + i), displayName: `P${i}` }, guest);
    expect(g.run({ type: 'deal_cast', seed: 'seven' }, hostActor).ok).toBe(true);
    expect(new Set(g.state.players.map((p) => p.characterId))).toEqual(new Set(storyline.content.castTable!['7']));
    expect(g.run({ type: 'start_game' }, hostActor).ok).toBe(true);
  });
});

describe('cast-aware views', () => {
  it('carries the storyline days and the reason for the minimum in the public view', () => {
    const { g, storyline } = started(6);
    const v = publicView(g.state, storyline);
    expect(v.storyline.days).toEqual(storyline.content.days.map((d) => ({ day: d.day, name: d.name, date: d.date })));
    expect(v.storyline.minPlayersReason).toMatch(/6 players leave 3/);
  });

  it('tells Shadows the killer and their team on their own seat only; Seekers, the host seat and the public view never', () => {
    const { g, storyline, d } = started(8);
    expect(d.ok).toBe(true);
    const shadows = g.state.players.filter((p) => p.team === 'shadow');
    const killer = g.state.players.find((p) => p.characterId === 'c0')!;
    expect(shadows.map((p) => p.id)).toContain(killer.id);
    expect(shadows.length).toBe(2);
    for (const p of g.state.players) {
      const me = seatView(g.state, p.id, storyline)!;
      if (p.team === 'shadow') {
        expect(me.shadowTeam?.killer).toEqual({ characterId: 'c0', name: 'Character 0', playerName: killer.displayName });
        expect(me.shadowTeam?.youAreTheKiller).toBe(p.id === killer.id);
        const others = shadows.filter((s) => s.id !== p.id && s.id !== killer.id).map((s) => s.characterId);
        expect(me.shadowTeam?.shadows.map((s) => s.characterId)).toEqual(others);
      } else {
        expect(me.shadowTeam).toBeNull();
      }
    }
    // The public view (the host's and the table screen's source) holds no team and no killer.
    const pub = JSON.stringify(viewFor(g.state, { kind: 'public' }, storyline));
    expect(pub).not.toMatch(/shadowTeam|"team"|youAreTheKiller/);
    // Before the start nobody has a team card.
    const lobby = new KitGame(storyline, kitGameCreated());
    expect(seatView(lobby.state, HOST_SEAT, storyline)!.shadowTeam).toBeNull();
  });

  it('renders a character for tonight cast: tokens name only dealt characters', () => {
    const six = started(6);
    const c2six = six.g.state.players.find((p) => p.characterId === 'c2')!;
    expect(seatView(six.g.state, c2six.id, six.storyline)!.character!.backstory).toBe('You grew up with Character 3. The debt died with the victim.');
    const eight = started(8);
    const c2eight = eight.g.state.players.find((p) => p.characterId === 'c2')!;
    expect(seatView(eight.g.state, c2eight.id, eight.storyline)!.character!.backstory).toBe('You grew up with Character 3. Old Tom still owes you money.');
  });

  it('whom to ask names only characters in the game: stand-ins and neutral lines replace absent ones', () => {
    const { g, storyline } = started(6);
    const seat = g.state.players.find((p) => p.characterId === 'c2')!;
    const d1 = seatDayView({ ...g.state, game: { ...g.state.game, currentPhase: 1 } }, storyline, 'c2', 1, seat.id)!;
    expect(d1.storyline).toBe('You saw somebody by the mere.');
    expect(d1.dayClue).toBe('The Inspector Character 1 opens the case.');
    expect(d1.dayName).toBe('Day name 1');
    expect(d1.date).toBe('Date 1');
    expect(d1.whomToAsk).toEqual([
      { characterId: 'c1', name: 'Character 1', about: 'tell her about the boat.' },
      { characterId: null, name: null, about: 'ask who carried a lamp by the mere.' },
      { characterId: 'c3', name: 'Character 3', about: 'ask whether the debt was paid.' },
    ]);
    const dealt = new Set(g.state.players.map((p) => p.characterId));
    for (const w of d1.whomToAsk) if (w.characterId) expect(dealt.has(w.characterId)).toBe(true);

    const nine = started(9);
    const seat9 = nine.g.state.players.find((p) => p.characterId === 'c2')!;
    const d9 = seatDayView(nine.g.state, nine.storyline, 'c2', 1, seat9.id)!;
    expect(d9.whomToAsk.map((w) => w.characterId)).toEqual(['c1', 'c8', 'c7']);
    expect(d9.storyline).toBe('You saw Character 8 by the mere.');
  });

  it("renders a day's media captions and alt texts for tonight's cast, like its texts", () => {
    const { g, storyline } = started(6);
    const seat = g.state.players.find((p) => p.characterId === 'c2')!;
    const [pad] = seatDayView(g.state, storyline, 'c2', 1, seat.id)!.clueMedia;
    expect(pad).toEqual({ url: '/content/kit/art/pad.svg', caption: 'The telephone pad', alt: 'Pad: 11.02 a caller for Character 3.', type: 'image' });
    const nine = started(9);
    const seat9 = nine.g.state.players.find((p) => p.characterId === 'c2')!;
    const [pad9] = seatDayView(nine.g.state, nine.storyline, 'c2', 1, seat9.id)!.clueMedia;
    expect([pad9!.caption, pad9!.alt]).toEqual(['The telephone pad, kept by Old Tom', 'Pad: 11.02 Character 8 for Character 3.']);
  });

  it("renders a search find's caption and alt text for tonight's cast once its holder is in the top 3", () => {
    const warrant = (n: number) => {
      const { g, storyline } = started(n);
      const seat = g.state.players.find((p) => p.characterId === 'c2')!;
      const top = { ...g.state, suspectVoting: { ...g.state.suspectVoting, topSuspects: [{ playerId: seat.id, rank: 1, voteCount: 3 }] } };
      return seatView(top, seat.id, storyline)!.character!.searchWarrantMedia.map((m) => [m.caption, m.alt]);
    };
    expect(warrant(6)).toEqual([['A letter, unsigned', 'Found by Character 1.']]);
    expect(warrant(8)).toEqual([['A letter from Old Tom', 'Found by Character 1.']]);
  });

  it("shows every reader the top 3's finds in the results, rendered for tonight's cast; the pushed seat view leaves them out", () => {
    const { g, storyline } = started(6);
    const seat = g.state.players.find((p) => p.characterId === 'c2')!;
    const other = g.state.players.find((p) => p.characterId === 'c3')!;
    const top = { ...g.state, suspectVoting: { ...g.state.suspectVoting, topSuspects: [{ playerId: seat.id, rank: 1, voteCount: 3 }] } };
    const results = votingResultsView(top, storyline, seatActor(other.id));
    expect(results.topSuspects[0]!.searchWarrantEvidence.map((m) => [m.caption, m.alt])).toEqual([['A letter, unsigned', 'Found by Character 1.']]);
    const full = seatView(top, seat.id, storyline)!;
    expect(full.character!.searchWarrantMedia).toHaveLength(1);
    const pushed = pushedSeatView(full)!;
    expect([pushed.character!.searchWarrantEvidence, pushed.character!.searchWarrantMedia]).toEqual([[], []]);
    expect({ ...pushed, character: { ...pushed.character!, searchWarrantEvidence: full.character!.searchWarrantEvidence, searchWarrantMedia: full.character!.searchWarrantMedia } }).toEqual(full);
    // A seat with no finds is pushed as it is (the same object: views are cached per version).
    const plain = seatView(top, other.id, storyline);
    expect(pushedSeatView(plain)).toBe(plain);
  });

  it('gives the shadow brief to a Shadow holding the character only, with steer targets in the game', () => {
    const { g, storyline } = started(6);
    const killer = g.state.players.find((p) => p.characterId === 'c0')!;
    const mine = seatDayView(g.state, storyline, 'c0', 1, killer.id)!;
    expect(mine.shadowBrief?.hide).toBe('HIDE-1');
    // c9 is not dealt tonight: the brief steers at c4 only.
    expect(mine.shadowBrief?.steer).toEqual([{ characterId: 'c4', name: 'Character 4', material: 'the muddy boots' }]);
    // Someone else reading the killer's day (the host in testing mode) never gets the brief.
    const other = g.state.players.find((p) => p.id !== killer.id)!;
    expect(seatDayView(g.state, storyline, 'c0', 1, other.id)!.shadowBrief).toBeNull();
    expect(seatDayView(g.state, storyline, 'c0', 1, null)!.shadowBrief).toBeNull();
    // A Seeker holding a character with briefs (any candidate can be a Shadow on some night) gets none.
    const seeker = g.state.players.find((p) => p.team === 'seeker' && storyline.characters.get(p.characterId!)?.shadowBriefs)!;
    expect(seatDayView(g.state, storyline, seeker.characterId!, 1, seeker.id)!.shadowBrief).toBeNull();
  });
});
