/**
 * The storyline as one printable HTML file: `pnpm content:book <storyline> [--case C] [--players N] [--out FILE]
 * [--dir DIR]`. For that case (the storyline's first by default) and table size (the storyline's minimum by default): every seat's sheet and day pages exactly as the
 * engine renders them for that cast (the seats dealt with the game's seeded deal), then the cast table (who is
 * dealt at which count) and the clue pointer table (each clue, its day, where it lives and what it proves).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { castFor, contentInCase, seatDayView, seatView, withCases, type TDayContent, type TMyCharacterResponse, type TStorylineContent } from '@ss/protocol';
import { invocationDir } from '../env.js';
import { cliArgs, runCli } from './cli-args.js';
import { sheetProse } from '../modules/content-preview/sheet-fields.js';
import { asFlags, PreviewError, previewCase, previewPlayers, previewStoryline, startedPreviewGame } from './content-preview.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const para = (s: string) => s.split(/\n+/).map((p) => `<p>${esc(p)}</p>`).join('');

export async function contentBook(opts: { storylineId: string; case?: string; players?: number; dir?: string }): Promise<string> {
  const storyline = await previewStoryline(opts.storylineId, opts.dir);
  const content = storyline.content;
  const players = asFlags(() => previewPlayers(content, opts.players));
  const k = previewCase(content, opts.case);
  // The answer sheet and the Shadow side are the case's.
  const told = contentInCase(withCases(content), k);
  const state = startedPreviewGame(storyline, players, k.id);
  const seats = state.players.map((p) => ({ seat: p, me: seatView(state, p.id, storyline)! }));
  const body = [
    `<h1>${esc(content.title)}</h1>`,
    `<p class="meta">${esc(content.id)} · version ${content.version} · case ${esc(k.id)} (${esc(k.title)}) · ${content.days.length} days · ${players} players (range ${content.minPlayers}-${content.maxPlayers})</p>`,
    `<nav><h2>Seats at ${players}</h2><ol>${seats.map(({ me }) => `<li><a href="#seat-${esc(me.character!.id)}">${esc(me.character!.name)}</a></li>`).join('')}</ol></nav>`,
    ...seats.map(({ seat, me }) =>
      seatSection(
        me,
        seat.team === 'shadow',
        content.days.map((d) => seatDayView(state, storyline, seat.characterId!, d.day, seat.id)!),
      ),
    ),
    castTableSection(told),
    clueTableSection(told),
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(content.title)}: storyline book at ${players} players</title>
<style>body{font:15px/1.5 Georgia,serif;max-width:52rem;margin:2rem auto;padding:0 1rem}section.seat{page-break-before:always}
table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #999;padding:2px 6px;vertical-align:top}.shadow{color:#8b0000}.meta{color:#555}</style>
</head><body>
${body.join('\n')}
</body></html>
`;
}

function seatSection(me: TMyCharacterResponse, shadow: boolean, days: TDayContent[]): string {
  const c = me.character!;
  const fields: Array<[string, string | null]> = [
    ['Profession', c.profession],
    ['Description', c.description],
  ];
  fields.push(...sheetProse(c));
  const team = me.shadowTeam
    ? `<p class="shadow">${me.shadowTeam.youAreTheKiller ? 'The killer.' : `A Shadow. The killer: ${esc(me.shadowTeam.killer.name)}.`}</p>`
    : '<p>A Seeker.</p>';
  return `<section class="seat" id="seat-${esc(c.id)}">
<h2>${esc(c.name)} <small>(${esc(c.id)}${shadow ? ', Shadow' : ''})</small></h2>
${team}
<dl>${fields.filter(([, v]) => v).map(([k, v]) => `<dt>${esc(k)}</dt><dd>${para(v!)}</dd>`).join('')}</dl>
${days.map(dayHtml).join('\n')}
</section>`;
}

function dayHtml(d: TDayContent): string {
  const media = (label: string, items: TDayContent['mapsMedia']) =>
    items.length > 0 ? `<h4>${label}</h4><ul>${items.map((m) => `<li>${esc(m.caption)} <code>${esc(m.url)}</code></li>`).join('')}</ul>` : '';
  const brief = d.shadowBrief
    ? `<div class="shadow"><h4>Shadow brief</h4><p>Keep hidden: ${esc(d.shadowBrief.hide)}</p><ul>${d.shadowBrief.steer
        .map((s) => `<li>Steer at ${esc(s.name)}: ${esc(s.material)}</li>`)
        .join('')}</ul><p>A safe lie: ${esc(d.shadowBrief.safeLie)}</p><p>A lie a clue can catch: ${esc(d.shadowBrief.riskyLie)}</p></div>`
    : '';
  return `<h3>Day ${d.day}: ${esc(d.dayName)} (${esc(d.date)})</h3>
${d.dayClue ? `<p><em>Today in the case:</em> ${esc(d.dayClue)}</p>` : ''}
${para(d.storyline)}
${d.whomToAsk.length > 0 ? `<h4>Whom to ask</h4><ul>${d.whomToAsk.map((w) => `<li>${w.name ? `<strong>${esc(w.name)}:</strong> ` : ''}${esc(w.about)}</li>`).join('')}</ul>` : ''}
${brief}${media('Maps', d.mapsMedia)}${media('Crime scene evidence', d.clueMedia)}${media('Character knowledge', d.knowledgeMedia)}
<p><em>Memories of the victim:</em> ${esc(d.victimRelationship)}</p>
${d.pressConference ? `<p><em>Press conference:</em> ${esc(d.pressConference)}</p>` : ''}${d.memoryFlash ? `<p><em>Memory flash:</em> ${esc(d.memoryFlash)}</p>` : ''}`;
}

/** Who is dealt at which count: one column per count of the range, a mark where the character is in the row. */
function castTableSection(content: TStorylineContent): string {
  const counts = Array.from({ length: content.maxPlayers - content.minPlayers + 1 }, (_, i) => content.minPlayers + i);
  const rows = new Map(counts.map((n) => [n, new Set(castFor(content, n))]));
  const dealt = content.characters.filter((c) => counts.some((n) => rows.get(n)!.has(c.id)));
  return `<section id="cast-table"><h2>Cast table</h2><table><thead><tr><th>Character</th>${counts.map((n) => `<th>${n}</th>`).join('')}</tr></thead><tbody>
${dealt.map((c) => `<tr><td>${esc(c.name)} <small>${esc(c.id)}</small></td>${counts.map((n) => `<td>${rows.get(n)!.has(c.id) ? '●' : ''}</td>`).join('')}</tr>`).join('\n')}
</tbody></table></section>`;
}

/** Every clue of the answer sheet: its day, who holds it (or public), and the revelations it supports. */
function clueTableSection(content: TStorylineContent): string {
  const sol = content.solution;
  if (!sol) return '<section id="clues"><h2>Clue pointers</h2><p>No solution.json yet.</p></section>';
  const name = (id: string | undefined) => (id ? (content.characters.find((c) => c.id === id)?.name ?? id) : 'everyone');
  const clues = [...sol.clues].sort((a, b) => a.day - b.day || a.id.localeCompare(b.id));
  return `<section id="clues"><h2>Clue pointers</h2><table><thead><tr><th>Clue</th><th>Day</th><th>Held by</th><th>Visibility</th><th>Proves</th><th>Says</th></tr></thead><tbody>
${clues
  .map((c) => `<tr><td>${esc(c.id)}</td><td>${c.day}</td><td>${esc(name(c.holderId))}</td><td>${c.visibility}</td><td>${esc(c.revelations.join(', '))}</td><td>${esc(c.summary)}</td></tr>`)
  .join('\n')}
</tbody></table></section>`;
}

if (process.argv[1]?.endsWith('content-book.ts')) {
  const args = cliArgs(process.argv.slice(2), (m) => new PreviewError(m));
  await runCli(PreviewError, async () => {
    const storylineId = args.positional;
    if (!storylineId) throw new PreviewError('usage: content:book <storyline> [--case C] [--players N] [--out FILE] [--dir DIR]');
    const html = await contentBook({ storylineId, ...args.tableOptions() });
    const out = args.pathFlag('out') ?? path.resolve(invocationDir(), `${storylineId}-book.html`);
    writeFileSync(out, html);
    console.log(`Wrote ${out}`);
  });
}
