import PDFDocument from 'pdfkit';
import type { ReportData } from './report-data.js';

/**
 * The built-in PDF fonts only cover WinAnsi; typographic quotes and dashes are mapped to their plain forms and
 * anything else outside Latin-1 becomes '?', so a storyline with unusual characters still renders.
 */
export function pdfSafe(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201B]/g, "'")
    .replace(/[\u201C\u201D\u201F]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/\u00A0/g, ' ')
    .replace(/[^\n\t\x20-\x7E\xA1-\xFF]/g, '?');
}

const fmtDate = (d: Date | null) =>
  d ? d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }) : 'Not recorded';

/**
 * Renders the game report. Streams are left uncompressed: the report is small, and plain text streams let
 * tests (and mail filters) read its content without an inflate step.
 */
export function renderReportPdf(data: ReportData): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, compress: false, info: { Title: pdfSafe(`${data.title} - Game Report`) } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const heading = (text: string) => {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(14).fillColor('#3b2a1a').text(pdfSafe(text)).moveDown(0.3);
    doc.font('Helvetica').fontSize(10.5).fillColor('#000000');
  };
  const para = (text: string) => doc.font('Helvetica').fontSize(10.5).text(pdfSafe(text), { align: 'left' });
  const line = (label: string, value: string) => {
    doc.font('Helvetica-Bold').text(pdfSafe(`${label}: `), { continued: true }).font('Helvetica').text(pdfSafe(value));
  };

  doc.font('Helvetica-Bold').fontSize(22).fillColor('#3b2a1a').text(pdfSafe(data.title), { align: 'center' });
  doc.font('Helvetica').fontSize(12).fillColor('#555555').text('Seekers & Shadows - Game Report', { align: 'center' });
  doc.moveDown();
  doc.fillColor('#000000').fontSize(10.5);
  line('Date', fmtDate(data.completedAt));
  line('Game code', data.joinCode);
  line('Winner', data.winningTeam === 'seekers' ? 'The Seekers' : data.winningTeam === 'shadows' ? 'The Shadows' : 'Not recorded');

  heading('The verdict');
  line('Accused', data.accused ?? 'No one was accused');
  line('The killer', data.killer ?? 'Unknown');
  if (data.killerCorrect !== null) line('Result', data.killerCorrect ? 'CORRECT - the killer was convicted' : 'INCORRECT - an innocent was convicted');

  heading('Players, characters and teams');
  for (const p of data.players) {
    const team = p.isKiller ? 'Shadow (the killer)' : p.team === 'shadow' ? 'Shadow' : p.team === 'seeker' ? 'Seeker' : 'No team';
    const character = p.characterName ? `${p.characterName}${p.profession ? `, ${p.profession}` : ''}` : 'No character';
    para(`${p.name} - ${character} - ${team}`);
  }

  heading('Suspect votes');
  if (data.suspectVotes.length === 0) para('No suspect votes were cast.');
  for (const v of data.suspectVotes) para(`${v.voter} voted for: ${v.suspects.join('; ')}`);

  heading('Final votes');
  if (data.finalVotes.length === 0) para('No final votes were cast.');
  for (const v of data.finalVotes) para(`${v.voter} accused ${v.accused}`);

  if (data.killerRevealStory) {
    heading('The truth');
    para(data.killerRevealStory);
  }

  heading('The solution trail');
  for (const d of data.solutionTrail) {
    doc.font('Helvetica-Bold').text(pdfSafe(`Day ${d.day} - ${d.date}: ${d.name}`));
    para(d.clue);
    doc.moveDown(0.3);
  }

  doc.end();
  return done;
}
