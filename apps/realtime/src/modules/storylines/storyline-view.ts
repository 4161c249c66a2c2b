import type { Selectable } from 'kysely';
import { casesOf, type TStoryline } from '@ss/protocol';
import type { StorylinesTable } from '../../db/schema.js';
import type { StorylineCatalog } from './storyline-catalog.js';
import { saleProblems } from './storyline-range.js';

/** The wire shape of a storyline row (GET /api/storylines, dashboard purchases). */
export async function toStoryline(catalog: StorylineCatalog, r: Selectable<StorylinesTable>): Promise<TStoryline> {
  const { content } = await catalog.get(r.id, r.version);
  return {
    id: r.id,
    title: r.title,
    summary: r.summary,
    price: r.price_cents,
    minPlayers: r.min_players,
    maxPlayers: r.max_players,
    duration: r.duration,
    difficulty: r.difficulty,
    status: r.status,
    imageUrl: content.image.url,
    imageAlt: r.image_alt,
    videoUrl: r.video_url,
    phasesJson: content.days.map((d) => ({ name: d.name, date: d.date, day: d.day, teaser: d.teaser ?? null })),
    characterCount: content.characters.length,
    caseCount: casesOf(content).length,
    onSale: r.status === 'published' || saleProblems(content).length === 0,
  };
}
