import { casesOf, contentInCase, castFor } from '@ss/protocol';
import { loadStorylineContent } from '../src/modules/storylines/content-loader.js';
const all = await loadStorylineContent(new URL('../content', import.meta.url).pathname);
const out: unknown[] = [];
for (const s of all) {
  for (const k of casesOf(s)) {
    const c = contentInCase(s, k);
    const counts: number[] = [];
    for (let n = c.minPlayers; n <= c.maxPlayers; n++) counts.push(n);
    const everywhere = c.characters.map((x) => x.id).filter((id) => counts.every((n) => castFor(c, n).includes(id)));
    const cands: unknown[] = [];
    for (const d of c.days) cands.push({ day: d.day, field: 'clue', text: d.clue });
    for (const ch of c.characters) for (const d of ch.days) {
      for (const f of ['storyline', 'memoryFlash', 'pressConference', 'victimRelationship'] as const) {
        const t = d[f]; if (t) for (const [pi, para] of t.split(/\n\s*\n/).entries()) cands.push({ characterId: ch.id, day: d.day, field: f, para: pi, text: para });
      }
      for (const f of ['maps', 'clueImages', 'characterKnowledge'] as const) d[f].forEach((m, i) => cands.push({ characterId: ch.id, day: d.day, field: f, index: i, text: `${m.caption}\n${m.alt}`, url: m.url }));
    }
    out.push({ storyline: s.id, status: s.status, caseId: k.id, everywhere, clues: k.solution.clues, cands });
  }
}
console.log(JSON.stringify(out));
