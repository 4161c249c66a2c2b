import { describe, expect, it } from 'vitest';
import { caseFileFonts, fontRuns } from './report-fonts.js';

describe('case-file fonts', () => {
  const fonts = caseFileFonts();
  it('reads the subsets of the installed font packages', () => {
    expect(fonts.serif.length).toBeGreaterThanOrEqual(2);
    expect(fonts.typewriter.length).toBeGreaterThanOrEqual(1);
    expect(fonts.emoji.length).toBeGreaterThan(5);
  });
  it('draws emoji with the emoji subset that holds them and text with the serif', () => {
    const runs = fontRuns('Café “Noël” 🔍 done', fonts.serif, fonts.emoji);
    expect(runs.map((r) => r.text).join('')).toBe('Café “Noël” 🔍 done');
    const emojiRun = runs.find((r) => r.text === '🔍');
    expect(emojiRun?.font).toMatch(/^emoji-/);
    expect(runs[0]!.font).toMatch(/^serif-/);
  });
  it('turns a character no font holds into ?', () => {
    expect(fontRuns('a\u4e00b', fonts.serif, fonts.emoji).map((r) => r.text).join('')).toBe('a?b');
  });
});
