import { describe, expect, it } from 'vitest';
import type { TGameView } from '@ss/protocol';
import { gameAnnouncement } from './gameAnnouncements';

const base = {
  id: 'g1',
  status: 'in_progress',
  phase: { key: 'day-1', kind: 'day', day: 1 },
  storyline: { days: [{ day: 2, date: '15th July 1986', name: '' }] },
  players: [
    { id: 'p1', displayName: 'Ada', character: { name: 'Celia Kell' } },
    { id: 'p2', displayName: 'Bo', character: null },
  ],
  suspectVoting: { topSuspects: null },
} as unknown as TGameView;
const With = (patch: Record<string, unknown>) => ({ ...base, ...patch }) as TGameView;

describe('gameAnnouncement', () => {
  it('says nothing on the first view, for another game, or when nothing changed', () => {
    expect(gameAnnouncement(null, base)).toBeNull();
    expect(
      gameAnnouncement(base, With({ id: 'g2', phase: { key: 'day-2', kind: 'day', day: 2 } })),
    ).toBeNull();
    expect(gameAnnouncement(base, With({}))).toBeNull();
  });
  it('names the new phase with the storyline date', () => {
    expect(gameAnnouncement(base, With({ phase: { key: 'day-2', kind: 'day', day: 2 } }))).toBe(
      'The host moved everyone on. Now: Day Two - 15th July 1986.',
    );
  });
  it('reads the top suspects once they are known, character and player', () => {
    const vote = { key: 'suspect-vote', kind: 'suspect-vote', day: null };
    const voted = With({
      phase: vote,
      suspectVoting: { topSuspects: [{ playerId: 'p1' }, { playerId: 'p2' }] },
    });
    expect(gameAnnouncement(With({ phase: vote }), voted)).toBe(
      'Suspect vote result: the top 2 suspects are Celia Kell (Ada), Bo.',
    );
    expect(
      gameAnnouncement(With({ phase: vote }), {
        ...voted,
        phase: { key: 'final-vote', kind: 'final-vote', day: null },
      }),
    ).toBe(
      'Suspect vote result: the top 2 suspects are Celia Kell (Ada), Bo. The host moved everyone on. Now: Final vote.',
    );
  });
  it('tells that the verdict is up when the game completes', () => {
    expect(gameAnnouncement(base, With({ status: 'completed' }))).toMatch(/verdict/);
  });
  it('reads out a hint card the host pushed, once', () => {
    const hint = { hintId: 'h1', title: 'Who had the key?', text: 'Compare the ledger.', at: 1, phase: 1, phaseKey: 'day-1' };
    const pushed = With({ hints: [hint] });
    expect(gameAnnouncement(base, pushed)).toBe('Hint from the host: Who had the key? Compare the ledger.');
    expect(gameAnnouncement(pushed, With({ hints: [hint] }))).toBeNull();
  });
});
