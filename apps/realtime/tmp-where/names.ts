import { castFor } from '@ss/protocol';
import { loadStorylineContent } from '../src/modules/storylines/content-loader.js';
import { nameForms } from '../src/modules/storylines/content-rules-v2.js';
const [s] = (await loadStorylineContent(new URL('../content', import.meta.url).pathname)).filter((x) => x.id === 'hollowmere-1986');
const counts: number[] = []; for (let n = s!.minPlayers; n <= s!.maxPlayers; n++) counts.push(n);
const optional = s!.characters.filter((c) => counts.some((n) => !castFor(s!, n).includes(c.id)));
const forms = new Map(optional.map((c) => [c.id, nameForms(s!, c.id)]));
console.log('optional:', optional.map((c) => `${c.id}=${c.name} [${forms.get(c.id)!.join('/')}] absent@${counts.filter((n) => !castFor(s!, n).includes(c.id)).join(',')}`).join('\n'));
const seen = new Map<string, string[]>();
for (const c of s!.characters) for (const d of c.days) for (const [f, list] of [['maps', d.maps], ['clueImages', d.clueImages], ['characterKnowledge', d.characterKnowledge]] as const) for (const m of list) {
  const t = `${m.caption}\n${m.alt}`;
  const hits = optional.filter((o) => forms.get(o.id)!.some((w) => new RegExp(`(^|[^\\p{L}])${w}(?=$|[^\\p{L}])`, 'u').test(t.replace(/\{\{[^}]*\}\}/g, '')))).map((o) => o.id);
  if (hits.length) { const k = m.url; seen.set(k, [...new Set([...(seen.get(k) ?? []), ...hits])]); }
}
for (const [u, h] of seen) console.log(u, h.join(' '));
console.log('--- flagged media');
const flagged = new Map<string, Set<string>>();
for (const n of counts) {
  const present = new Set(castFor(s!, n));
  for (const c of s!.characters.filter((x) => present.has(x.id))) for (const d of c.days) for (const m of [...d.maps, ...d.clueImages, ...d.characterKnowledge]) {
    const t = `${m.caption}\n${m.alt}`;
    for (const o of optional.filter((o) => !present.has(o.id))) if (forms.get(o.id)!.some((w) => new RegExp(`(^|[^\\p{L}])${w}(?=$|[^\\p{L}])`, 'u').test(t))) {
      const k = `${m.url} -> ${o.id}`; flagged.set(k, (flagged.get(k) ?? new Set()).add(`${c.id}@${n}`));
    }
  }
}
for (const [k, v] of flagged) console.log(k, [...v].slice(0, 4).join(' '), v.size);
