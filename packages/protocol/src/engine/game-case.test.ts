import { describe, expect, it } from 'vitest';
import { withCases } from '../cases.js';
import type { TShadowBrief, TStorylineCase, TStorylineContent } from '../content.js';
import { completeGame } from './effects.js';
import { Draft } from './command.js';
import { caseStoryline } from './game-case.js';
import type { EngineStoryline } from './state.js';
import { KitGame, kitGameCreated, kitStoryline } from './test-kit.js';
import { publicView, seatDayView, seatView } from './views.js';

const brief = (who: string) => (day: number): TShadowBrief => ({
  day,
  hide: `${who} hides on day ${day}`,
  steer: [{ characterId: 'c1', material: 'the inspector' }],
  safeLie: 'safe',
  riskyLie: 'risky',
  caughtBy: ['x'],
});
const briefs = (who: string) => ({ shadowBriefs: [1, 2, 3, 4].map(brief(who)), privateWords: [who] });
const noSolution = { revelations: [], clues: [], standingSuspects: [] };

/** Kit Manor with two cases: c0 did it in the first, c2 in the second (which also rewrites the inspector's texts). */
function twoCases(): EngineStoryline {
  const storyline = kitStoryline(8);
  const { killerCharacterId: _k, ...roles } = storyline.content.roles!;
  const first: TStorylineCase = {
    id: 'k-first',
    title: 'The First Way',
    killerCharacterId: 'c0',
    reveal: 'c0 did it.',
    characters: Object.fromEntries(['c0', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7'].map((id) => [id, briefs(`${id} in the first`)])),
    solution: noSolution,
  };
  const second: TStorylineCase = {
    id: 'k-second',
    title: 'The Second Way',
    killerCharacterId: 'c2',
    reveal: 'c2 did it.',
    shadowCandidates: ['c3', 'c4', 'c5'],
    days: [{ day: 1, clue: 'The clue of the second way.' }],
    characters: {
      ...Object.fromEntries(['c2', 'c3', 'c4', 'c5'].map((id) => [id, briefs(`${id} in the second`)])),
      c1: { secrets: 'The inspector knows the second way.', days: [{ day: 1, storyline: 'Day 1 of the second way.' }] },
    },
    solution: noSolution,
  };
  const content = { ...storyline.content, roles, cases: [first, second] } as TStorylineContent;
  content.characters.forEach((c) => (c.days = [1, 2, 3, 4].map((day) => ({ day, storyline: `Day ${day} of ${c.id}.`, maps: [], clueImages: [], characterKnowledge: [], victimRelationship: 'v', whomToAsk: [{ characterId: 'c0', about: 'ask' }] }))));
  return { content, characters: new Map(content.characters.map((c) => [c.id, c])) };
}

/** A started game of six seats (c0..c5) playing the given case. */
function played(storyline: EngineStoryline, caseId: string) {
  const created = kitGameCreated();
  if (created.type !== 'game_created') throw new Error('unreachable');
  const g = new KitGame(storyline, { ...created, game: { ...created.game, caseId } });
  expect(g.seatAndStart(5).ok).toBe(true);
  return g;
}
const holder = (g: KitGame, characterId: string) => g.state.players.find((p) => p.characterId === characterId)!;

describe('cases in the engine', () => {
  const storyline = twoCases();
  const first = played(storyline, 'k-first');
  const second = played(storyline, 'k-second');

  it("deals the teams from the game's case: its killer a Shadow, the others among its own candidates", () => {
    expect(holder(first, 'c0').team).toBe('shadow');
    expect(holder(second, 'c2').team).toBe('shadow');
    expect(holder(second, 'c0').team).toBe('seeker');
    const otherShadows = second.state.players.filter((p) => p.team === 'shadow' && p.characterId !== 'c2');
    expect(otherShadows).toHaveLength(1);
    expect(['c3', 'c4', 'c5']).toContain(otherShadows[0]!.characterId);
  });

  it("shows a Shadow its case's killer and brief, and a Seeker the case's rewrites of its own texts only", () => {
    const killer = seatView(second.state, holder(second, 'c2').id, storyline)!;
    expect(killer.shadowTeam).toMatchObject({ youAreTheKiller: true, killer: { characterId: 'c2' } });
    expect(seatDayView({ ...second.state, game: { ...second.state.game, currentPhase: 1 } }, storyline, 'c2', 1, holder(second, 'c2').id)!.shadowBrief?.hide).toBe('c2 in the second hides on day 1');
    const inspector = holder(second, 'c1').id;
    expect(seatView(second.state, inspector, storyline)!.character!.secrets).toBe('The inspector knows the second way.');
    const day1 = seatDayView(second.state, storyline, 'c1', 1, inspector)!;
    expect(day1).toMatchObject({ storyline: 'Day 1 of the second way.', dayClue: 'The clue of the second way.', shadowBrief: null });
    // The first case leaves the shared texts.
    expect(seatDayView(first.state, storyline, 'c1', 1, holder(first, 'c1').id)).toMatchObject({ storyline: 'Day 1 of c1.', dayClue: '' });
  });

  it('gives everyone the same public view whatever the case, and a Seeker untouched by the case the same seat view', () => {
    expect(publicView(second.state, storyline)).toEqual(publicView(first.state, storyline));
    expect(JSON.stringify(publicView(second.state, storyline))).not.toMatch(/k-second|Second Way|caseId/);
    // The detective is a Seeker in both: only the text the second case rewrites differs.
    const [a, b] = [first, second].map((g) => seatView(g.state, holder(g, 'c1').id, storyline)!);
    expect(b!.team).toBe('seeker');
    expect({ ...b!, character: { ...b!.character!, secrets: '' } }).toEqual({ ...a!, character: { ...a!.character!, secrets: '' } });
  });

  it("ends the game on the case's killer", () => {
    for (const [g, killer] of [[first, 'c0'], [second, 'c2']] as const) {
      const d = new Draft({ ...g.state, game: { ...g.state.game, currentPhase: 6 } });
      completeGame(d, storyline, g.now);
      expect(d.state.results?.killerPlayerId).toBe(holder(g, killer).id);
    }
  });

  it('turns the legacy single-case form into one case "main", and refuses a case the storyline does not have', () => {
    const legacy = kitStoryline(6);
    const told = withCases(legacy.content);
    expect(told.cases!.map((k) => [k.id, k.title, k.killerCharacterId])).toEqual([['main', 'Kit Manor', 'c0']]);
    expect(told.roles).not.toHaveProperty('killerCharacterId');
    expect(caseStoryline(legacy, undefined).case?.id).toBe('main');
    expect(() => caseStoryline(storyline, 'k-nowhere')).toThrow(/no case "k-nowhere"/);
  });
});
