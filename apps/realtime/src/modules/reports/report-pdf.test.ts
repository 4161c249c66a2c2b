import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderReportPdf } from './report-pdf.js';
import { pdfSafe } from './report-fonts.js';
import type { ReportData } from './report-data.js';
import { backoffMs, MAX_ATTEMPTS } from './report-queue.js';

describe('report helpers', () => {
  it('maps typography the built-in PDF fonts lack to plain characters', () => {
    expect(pdfSafe('“Quote” – it’s… done ✓')).toBe('"Quote" - it\'s... done ?');
    expect(pdfSafe('Café Noël')).toBe('Café Noël');
  });
  it('backs off exponentially and caps the wait', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([2000, 4000, 8000, 16000]);
    expect(backoffMs(30)).toBe(5 * 60 * 1000);
    expect(MAX_ATTEMPTS).toBe(5);
  });
});

describe('the case-file PDF', () => {
  const contentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../content');
  const portrait = path.join(contentDir, 'hollowmere-1986/art/portrait-agent.svg');
  const data: ReportData = {
    title: 'Death at Hollowmere 🔍',
    joinCode: 'ABC234',
    completedAt: new Date('2026-11-22T20:00:00Z'),
    winningTeam: 'seekers',
    players: [
      { id: 'a', name: 'Bram', characterName: 'Nigel Ashdown', profession: 'Land agent', team: 'shadow', isKiller: true, portraitFile: portrait },
      { id: 'b', name: 'Alice', characterName: 'Helen Marsh', profession: 'Detective Inspector', team: 'seeker', isKiller: false, portraitFile: null },
    ],
    suspectVotes: [{ voter: 'Alice (Helen Marsh)', suspects: ['Bram (Nigel Ashdown)'] }],
    finalVotes: [{ voter: 'Alice (Helen Marsh)', accused: 'Bram (Nigel Ashdown)' }],
    accused: 'Bram (Nigel Ashdown)',
    killer: 'Bram (Nigel Ashdown)',
    killerCorrect: true,
    killerRevealStory: 'He held him under — “for the estate”.',
    caseTitle: 'The Agent and the Estate',
    solutionTrail: [{ day: 1, date: 'July 14th, 1986', name: 'The Body in the Mere', clue: 'A hip flask is missing.' }],
  };
  it('embeds the serif, typewriter and emoji fonts and draws the portrait', async () => {
    const pdf = (await renderReportPdf(data)).toString('latin1');
    expect(pdf.startsWith('%PDF')).toBe(true);
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSerif/);
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+SpecialElite/);
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoEmoji/);
    // the manila page and the portrait's vector paths are drawn (svg-to-pdfkit writes path operators)
    expect(pdf).toMatch(/0\.95294\d* 0\.90196\d* 0\.76862\d* (rg|scn|sc)/);
    expect((pdf.match(/ c\n/g) ?? []).length).toBeGreaterThan(20);
  });
});
