import { phaseTable, type THostKit, type TStorylineContent } from '@ss/protocol';
import { INK, MUTED, RED, openCaseFilePdf } from '../reports/report-fonts.js';

/** A phase's heading in the guide: "Day 2: The Doctor's Word (Wednesday 6th February 1963)", or the table's name. */
function phaseTitle(content: TStorylineContent, key: string, name: string, day: number | null): string {
  const d = day ? content.days.find((x) => x.day === day) : undefined;
  if (key === 'outcome') return 'After the final vote';
  return d ? `${name}: ${d.name} (${d.date})` : name;
}

/**
 * The printable host guide of a storyline: overview, setup, timings, per-phase notes and every hint card. It is
 * case-neutral and holds no answer sheet: a host who prints it before the evening reads it, and the host plays
 * blind. Rendered server-side with PDFKit and the fonts installed with the app (nothing fetched). Streams stay
 * uncompressed so tests can read the text.
 */
export function renderHostGuidePdf(content: TStorylineContent, kit: THostKit): Promise<Buffer> {
  const { doc, done, write, heading } = openCaseFilePdf({ title: `${content.title} - Host guide`, margin: 56 });
  const bullet = (text: string) => write(`\u2022 ${text}`, 'serif', 10.5, INK, { indent: 8, paragraphGap: 2 });

  write(content.title, 'serifBold', 24);
  write('Host guide', 'typewriter', 14, RED);
  doc.moveDown(0.3);
  write(`${content.minPlayers}-${content.maxPlayers} players · ${content.days.length} days · ${content.duration}`, 'serif', 10.5, MUTED);
  write('You play too: nothing in this guide names the killer or the case. The answer sheet opens in the app, for everyone, after the final vote.', 'serif', 10.5, MUTED);

  heading('The evening');
  write(kit.overview, 'serif', 11);
  heading('Before the guests arrive');
  kit.setup.forEach((s, i) => write(`${i + 1}. ${s}`, 'serif', 10.5, INK, { paragraphGap: 3 }));

  const table = phaseTable(content.days.length);
  const rows = [...table.phases, table.outcome].filter((p) => kit.phases[p.key]);
  heading('Timings');
  let total = 0;
  for (const p of rows) {
    const notes = kit.phases[p.key]!;
    total += notes.targetMinutes;
    write(`${phaseTitle(content, p.key, p.name, p.day)}: ${notes.targetMinutes} min`, 'serif', 10.5);
  }
  write(`In all: about ${total} minutes.`, 'serifBold', 10.5);

  for (const p of rows) {
    const notes = kit.phases[p.key]!;
    heading(phaseTitle(content, p.key, p.name, p.day));
    write(`Target: ${notes.targetMinutes} minutes`, 'typewriter', 10, MUTED);
    doc.moveDown(0.3);
    write('Read aloud', 'serifBold', 10.5);
    write(notes.opener, 'serif', 11, INK, { indent: 8 });
    if (notes.checklist.length > 0) {
      doc.moveDown(0.4);
      write('By now the table should know', 'serifBold', 10.5);
      notes.checklist.forEach(bullet);
    }
    const suggested = notes.hintIds.flatMap((id) => kit.hints.filter((h) => h.id === id).map((h) => h.title));
    if (suggested.length > 0) {
      doc.moveDown(0.4);
      write(`Hints that suit this phase: ${suggested.join(' · ')}`, 'serif', 10, MUTED);
    }
  }

  heading('Hint cards');
  write('Push a hint from the host notes on your phone when the table is stuck: every phone shows the card. A hint points at evidence, never at a name.', 'serif', 10.5, MUTED);
  for (const h of kit.hints) {
    doc.moveDown(0.5);
    write(h.title, 'serifBold', 11);
    write(h.text, 'serif', 10.5, INK, { indent: 8 });
    write(`From day ${h.fromDay}`, 'typewriter', 9, MUTED, { indent: 8 });
  }
  doc.end();
  return done;
}
