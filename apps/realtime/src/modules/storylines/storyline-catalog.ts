import { ZStorylineContent, warmCases, withCases, type TContentCharacter, type TStorylineContent } from '@ss/protocol';
import type { DB } from '../../db/database.js';
import { notFound } from '../../lib/app-error.js';
import { withServedMedia, type MediaLibrary } from './media.js';

/**
 * A storyline version with lookups the game rules need, built once per version and cached; asset URLs are served
 * ones. This is the shared storyline of every case; a game reads it as its own case tells it (storylineOf).
 */
export interface StorylineVersion {
  content: TStorylineContent;
  characters: ReadonlyMap<string, TContentCharacter>;
}

export interface StorylineCatalog {
  get(storylineId: string, version: number): Promise<StorylineVersion>;
  latestVersion(storylineId: string): number | undefined;
}

export function createStorylineCatalog(db: DB, loaded: TStorylineContent[], media: MediaLibrary): StorylineCatalog {
  const cache = new Map<string, StorylineVersion>();
  const latest = new Map<string, number>();
  const index = (content: TStorylineContent): StorylineVersion => {
    // A version stored before cases existed is in the legacy single-case form: it gets its implicit case here.
    const served = withServedMedia(withCases(content), media);
    const storyline = { content: served, characters: new Map(served.characters.map((c) => [c.id, c])) };
    warmCases(storyline);
    return storyline;
  };
  for (const c of loaded) {
    cache.set(`${c.id}@${c.version}`, index(c));
    latest.set(c.id, c.version);
  }
  return {
    latestVersion: (id) => latest.get(id),
    async get(storylineId, version) {
      const key = `${storylineId}@${version}`;
      const hit = cache.get(key);
      if (hit) return hit;
      const row = await db
        .selectFrom('storyline_versions')
        .select('content')
        .where('storyline_id', '=', storylineId)
        .where('version', '=', version)
        .executeTakeFirst();
      if (!row) throw notFound('Storyline not found');
      const entry = index(ZStorylineContent.parse(row.content));
      cache.set(key, entry);
      return entry;
    },
  };
}

/**
 * Seeds storylines idempotently: a content file whose version is newer than the stored one updates the
 * storyline and adds a version row; games keep the version they started with. Safe for parallel instances.
 */
export async function seedStorylines(db: DB, contents: TStorylineContent[]): Promise<void> {
  for (const c of contents) {
    await db.transaction().execute(async (tx) => {
      const current = await tx.selectFrom('storylines').select('version').where('id', '=', c.id).forUpdate().executeTakeFirst();
      if (current && current.version >= c.version) return;
      const price = Math.min(...c.pricingTiers.map((t) => t.priceCents));
      const row = {
        id: c.id,
        version: c.version,
        title: c.title,
        summary: c.summary,
        status: c.status,
        min_players: c.minPlayers,
        max_players: c.maxPlayers,
        duration: c.duration,
        difficulty: c.difficulty,
        image_url: c.image.url,
        image_alt: c.image.alt,
        video_url: c.videoUrl ?? null,
        price_cents: price,
        updated_at: new Date(),
      };
      await tx
        .insertInto('storylines')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
      await tx
        .insertInto('storyline_versions')
        .values({ storyline_id: c.id, version: c.version, content: JSON.stringify(c) })
        .onConflict((oc) => oc.columns(['storyline_id', 'version']).doNothing())
        .execute();
      // Tiers the new version no longer offers are retired: purchases keep them, nobody can buy them any more.
      await tx
        .updateTable('pricing_tiers')
        .set({ retired_at: new Date() })
        .where('storyline_id', '=', c.id)
        .where('retired_at', 'is', null)
        .$if(c.pricingTiers.length > 0, (q) => q.where('id', 'not in', c.pricingTiers.map((t) => t.id)))
        .execute();
      for (const [sort, t] of c.pricingTiers.entries()) {
        const tier = {
          id: t.id,
          storyline_id: c.id,
          display_name: t.displayName,
          min_players: t.minPlayers,
          max_players: t.maxPlayers,
          price_cents: t.priceCents,
          character_limit: t.characterLimit,
          sort,
          retired_at: null,
        };
        await tx
          .insertInto('pricing_tiers')
          .values(tier)
          .onConflict((oc) => oc.column('id').doUpdateSet(tier))
          .execute();
      }
    });
  }
}
