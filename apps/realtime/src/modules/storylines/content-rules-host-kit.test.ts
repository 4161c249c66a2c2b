import path from 'node:path';
import type { THostKit, TStorylineContent } from '@ss/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkStoryline } from './content-checker.js';
import { loadStorylineContent } from './content-loader.js';
import { FIXTURE_CONTENT_DIR, loadFixtureStoryline } from '../../../test/fixture-storyline.js';


/** A sound kit for Fixture Manor (4 days; killers: the butler Ambrose Hale, the gardener Tobias Reed). */
function soundKit(): THostKit {
  const notes = (hintIds: string[] = []) => ({ opener: 'Read this aloud.', targetMinutes: 20, checklist: ['The candlestick is missing.'], hintIds });
  return {
    overview: 'A fixture evening.',
    setup: ['Deal the cast.'],
    phases: {
      homepage: notes(),
      'day-1': notes(['h-door']),
      'day-2': notes(),
      'day-3': notes(['h-door', 'h-cellar']),
      'day-4': notes(),
      'suspect-vote': notes(),
      'final-vote': notes(),
    },
    hints: [
      { id: 'h-door', title: 'Who locked the library door?', text: 'Compare the key board with the cook\'s account.', fromDay: 1 },
      { id: 'h-cellar', title: 'What was in the cellar?', text: 'Read the cellar book beside the map.', fromDay: 3 },
    ],
  };
}

describe('content:check host kit rules', () => {
  let fixture: TStorylineContent;
  beforeAll(async () => {
    fixture = await loadFixtureStoryline();
  });
  const withKit = (kit: THostKit): TStorylineContent => ({ ...structuredClone(fixture), hostKit: kit });
  const kitErrors = (s: TStorylineContent) => checkStoryline(s).errors.filter((e) => e.startsWith('host kit'));

  it('the fixture loads its host-kit.json and answer sheets', () => {
    expect(fixture.hostKit?.hints.map((h) => h.id)).toEqual(['h-study', 'h-tea']);
    expect(fixture.cases?.every((k) => k.answerSheet)).toBe(true);
    expect(kitErrors(fixture)).toEqual([]);
  });

  it('passes a sound kit; a published storyline without a kit is a warning only', () => {
    expect(kitErrors(withKit(soundKit()))).toEqual([]);
    const { hostKit: _kit, ...bare } = structuredClone(fixture);
    const report = checkStoryline({ ...bare, status: 'published' });
    expect(report.errors.filter((e) => e.startsWith('host kit'))).toEqual([]);
    expect(report.warnings).toContain('host kit: no host-kit.json (the host gets no phase notes and no hint cards)');
  });

  it('every phase of the derived table needs notes; notes for a phase the storyline lacks are an error', () => {
    const kit = soundKit();
    delete kit.phases['day-4'];
    kit.phases['day-5'] = { opener: 'x', targetMinutes: 5, checklist: [], hintIds: [] };
    const errors = kitErrors(withKit(kit));
    expect(errors).toContain('host kit: phase day-4 has no notes');
    expect(errors).toContain('host kit: notes for phase day-5, which this storyline of 4 days does not have');
  });

  it('target minutes must be above 0; hint ids unique; suggested hints known and open by that phase', () => {
    const kit = soundKit();
    kit.phases['day-2']!.targetMinutes = 0;
    kit.hints.push({ id: 'h-door', title: 'Again?', text: 'Twice.', fromDay: 1 });
    kit.phases['day-1']!.hintIds = ['h-cellar', 'h-nowhere'];
    const errors = kitErrors(withKit(kit));
    expect(errors).toContain('host kit: phase day-2 needs target minutes above 0');
    expect(errors).toContain('host kit: hint id h-door is used twice');
    expect(errors).toContain('host kit: phase day-1 suggests hint h-cellar, which opens later (day 3)');
    expect(errors).toContain('host kit: phase day-1 suggests unknown hint h-nowhere');
  });

  it("naming ANY case's killer by full name or first name + surname is an error; the surname alone a warning", () => {
    const kit = soundKit();
    kit.phases['day-3']!.checklist.push('By now the table suspects Ambrose Hale.');
    kit.hints[1]!.text = 'Ask Tobias Reed about the cellar.';
    kit.overview = 'Mr Reed keeps the garden.';
    const s = withKit(kit);
    const errors = kitErrors(s);
    expect(errors).toContain('host kit: phases.day-3.checklist[1] names "Ambrose Hale", the killer of a case: the kit must stay case-neutral');
    expect(errors).toContain('host kit: hints.h-cellar.text names "Tobias Reed", the killer of a case: the kit must stay case-neutral');
    expect(checkStoryline(s).warnings).toContain('host kit: overview mentions "Reed", the surname of a case\'s killer: point at the evidence instead');
  });

  it('the shipped storylines have a kit that passes', async () => {
    const shipped = await loadStorylineContent(path.resolve(FIXTURE_CONTENT_DIR, '../../../content'));
    for (const s of shipped) {
      expect(s.hostKit, s.id).toBeDefined();
      expect(checkStoryline(s).errors.filter((e) => e.startsWith('host kit')), s.id).toEqual([]);
      expect(checkStoryline(s).warnings.filter((e) => e.startsWith('host kit')), s.id).toEqual([]);
      for (const k of s.cases ?? []) expect(k.answerSheet, `${s.id} ${k.id}`).toBeDefined();
    }
  });
});
