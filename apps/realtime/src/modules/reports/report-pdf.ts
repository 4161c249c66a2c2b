import { readFileSync } from 'node:fs';
import SVGtoPDF from 'svg-to-pdfkit';
import type { ReportData } from './report-data.js';
import { INK, MUTED, RED, openCaseFilePdf } from './report-fonts.js';

const fmtDate = (d: Date | null) =>
  d ? d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }) : 'Not recorded';

const MANILA = '#f3e6c4';
const SEEKER = '#1f5f8b';
const SHADOW = '#5b3a87';

/**
 * Renders the game report as a case file: manila pages, typewritten labels, a CLOSED stamp, the verdict, the killer
 * with portrait, every player with portrait and team, the ballots and the solution trail. Fonts are embedded (emoji
 * included); streams stay uncompressed so tests and mail filters can read the text.
 */
export function renderReportPdf(data: ReportData): Promise<Buffer> {
  const { doc, done, fonts, write, heading } = openCaseFilePdf({ title: `${data.title} - Case File`, margin: 50 });

  const paintPage = () => {
    doc.save().rect(0, 0, doc.page.width, doc.page.height).fill(MANILA).restore();
    doc.save().rect(30, 30, doc.page.width - 60, doc.page.height - 60).lineWidth(1).strokeColor('#c9b48a').stroke().restore();
  };
  paintPage();
  doc.on('pageAdded', paintPage);

  const line = (label: string, value: string) => {
    write(`${label}: `, 'serifBold', 10.5, INK, { continued: true });
    write(value, 'serif', 10.5);
  };
  const portrait = (file: string | null, x: number, y: number, size: number) => {
    doc.save().rect(x, y, size, size).fill('#fbf6ea').restore();
    if (file) {
      try {
        if (file.endsWith('.svg')) SVGtoPDF(doc, readFileSync(file, 'utf8'), x, y, { width: size, height: size, preserveAspectRatio: 'xMidYMid slice' });
        else doc.image(file, x, y, { fit: [size, size], align: 'center', valign: 'center' });
      } catch {
        /* a portrait that cannot be drawn leaves its frame empty; the report still goes out */
      }
    }
    doc.save().rect(x, y, size, size).lineWidth(1).strokeColor(INK).stroke().restore();
  };

  // ---------- cover ----------
  write(`CASE FILE No. ${data.joinCode}`, 'typewriter', 12, MUTED, { align: 'left' });
  doc.moveDown(0.3);
  write(data.title, 'serifBold', 24, INK);
  write('Seekers & Shadows — the case as it was played', 'serif', 11, MUTED);
  // The stamp: the case is closed.
  doc.save().rotate(-12, { origin: [470, 90] });
  doc.roundedRect(410, 70, 120, 40, 4).lineWidth(2.5).strokeColor(RED).stroke();
  doc.font(fonts.typewriter[0]?.name ?? 'Helvetica').fontSize(22).fillColor(RED).text('CLOSED', 410, 80, { width: 120, align: 'center' });
  doc.restore();
  doc.x = doc.page.margins.left;
  doc.moveDown(1);
  line('Date', fmtDate(data.completedAt));
  line('Game code', data.joinCode);
  line('Winner', data.winningTeam === 'seekers' ? '🔍 The Seekers' : data.winningTeam === 'shadows' ? '🌑 The Shadows' : 'Not recorded');

  // ---------- verdict ----------
  heading('The verdict');
  line('Accused', data.accused ?? 'No one was accused');
  if (data.caseTitle) line('The case', data.caseTitle);
  line('The killer', data.killer ?? 'Unknown');
  if (data.killerCorrect !== null) {
    write(data.killerCorrect ? '✅ CORRECT - the killer was convicted' : '❌ INCORRECT - an innocent was convicted', 'serifBold', 12, data.killerCorrect ? '#2f6b3a' : RED);
  }
  const killer = data.players.find((p) => p.isKiller);
  if (killer) {
    doc.moveDown(0.5);
    const top = doc.y;
    portrait(killer.portraitFile, doc.page.margins.left, top, 90);
    doc.x = doc.page.margins.left + 105;
    doc.y = top + 10;
    write('THE KILLER', 'typewriter', 11, RED);
    write(killer.characterName ?? killer.name, 'serifBold', 16, INK, { width: 380 });
    write(`played by ${killer.name}${killer.profession ? ` · ${killer.profession}` : ''}`, 'serif', 10.5, MUTED, { width: 380 });
    doc.x = doc.page.margins.left;
    doc.y = Math.max(doc.y, top + 95);
  }
  if (data.killerRevealStory) {
    heading('The truth');
    write(data.killerRevealStory, 'serif', 10.5);
  }

  // ---------- players ----------
  heading('Players, characters and teams');
  for (const p of data.players) {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 50) doc.addPage();
    const top = doc.y;
    portrait(p.portraitFile, doc.page.margins.left, top, 38);
    const team = p.isKiller ? 'Shadow (the killer) 🔪' : p.team === 'shadow' ? 'Shadow 🌑' : p.team === 'seeker' ? 'Seeker 🔍' : 'No team';
    doc.x = doc.page.margins.left + 48;
    doc.y = top + 2;
    write(`${p.name} - ${p.characterName ?? 'No character'}`, 'serifBold', 10.5, INK, { width: 440 });
    write(`${p.profession ?? ''}${p.profession ? ' · ' : ''}${team}`, 'serif', 9.5, p.team === 'shadow' ? SHADOW : SEEKER, { width: 440 });
    doc.x = doc.page.margins.left;
    doc.y = Math.max(doc.y, top + 42) + 4;
  }

  // ---------- ballots ----------
  heading('Suspect votes');
  if (data.suspectVotes.length === 0) write('No suspect votes were cast.', 'serif', 10.5);
  for (const v of data.suspectVotes) write(`${v.voter} voted for: ${v.suspects.join('; ')}`, 'serif', 10.5);

  heading('Final votes');
  if (data.finalVotes.length === 0) write('No final votes were cast.', 'serif', 10.5);
  for (const v of data.finalVotes) write(`${v.voter} accused ${v.accused}`, 'serif', 10.5);

  heading('The solution trail');
  for (const d of data.solutionTrail) {
    write(`Day ${d.day} - ${d.date}: ${d.name}`, 'serifBold', 10.5);
    write(d.clue, 'serif', 10.5);
    doc.moveDown(0.3);
  }

  doc.end();
  return done;
}
