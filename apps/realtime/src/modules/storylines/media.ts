import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TMediaItem, TStorylineContent } from '@ss/protocol';

/** Where hashed assets are served from. */
export const MEDIA_PREFIX = '/media/';

/**
 * The content folder's images and videos, addressed by the hash of their bytes. File names say what an image
 * shows (and once said whose warrant it is), so the server never serves a file by its name: every URL it hands
 * out is /media/<sha-256, 128 bits>.<ext>, which only an authorised answer contains and nobody can guess.
 */
export interface MediaLibrary {
  /** The served URL of a content URL (`/content/<slug>/…`); an unknown URL is returned as is. */
  urlFor(contentUrl: string): string;
  /** The file behind a served name (`<hash>.<ext>`), if there is one. */
  fileFor(name: string): string | undefined;
}

const ASSET = /\.(svg|png|jpg|webp|mp4|webm)$/;

async function listAssets(dir: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (e.name !== 'tools') out.push(...(await listAssets(dir, r)));
    } else if (ASSET.test(e.name)) out.push(r);
  }
  return out;
}

export async function loadMediaLibrary(contentDir: string): Promise<MediaLibrary> {
  const byContentUrl = new Map<string, string>();
  const byName = new Map<string, string>();
  for (const rel of await listAssets(contentDir)) {
    const file = path.join(contentDir, rel);
    const hash = createHash('sha256').update(await readFile(file)).digest('hex').slice(0, 32);
    const name = `${hash}${path.extname(rel)}`;
    byContentUrl.set(`/content/${rel}`, `${MEDIA_PREFIX}${name}`);
    byName.set(name, file);
  }
  return {
    urlFor: (url) => byContentUrl.get(url) ?? url,
    fileFor: (name) => byName.get(name),
  };
}

/** The content with every asset URL replaced by its served URL (done once per storyline version). */
export function withServedMedia(content: TStorylineContent, media: MediaLibrary): TStorylineContent {
  const item = (m: TMediaItem): TMediaItem => ({ ...m, url: media.urlFor(m.url) });
  return {
    ...content,
    image: item(content.image),
    ...(content.videoUrl ? { videoUrl: media.urlFor(content.videoUrl) } : {}),
    days: content.days.map((d) => ({ ...d, bannerImage: media.urlFor(d.bannerImage) })),
    characters: content.characters.map((c) => ({
      ...c,
      image: item(c.image),
      searchWarrantEvidence: c.searchWarrantEvidence.map(item),
      days: c.days.map((d) => ({
        ...d,
        maps: d.maps.map(item),
        clueImages: d.clueImages.map(item),
        characterKnowledge: d.characterKnowledge.map(item),
      })),
    })),
    // A case's rewrites carry media too (evidence, a day's maps and images): served by hash like the rest.
    ...(content.cases
      ? {
          cases: content.cases.map((k) => ({
            ...k,
            ...(k.characters
              ? {
                  characters: Object.fromEntries(
                    Object.entries(k.characters).map(([id, o]) => [
                      id,
                      {
                        ...o,
                        ...(o.searchWarrantEvidence ? { searchWarrantEvidence: o.searchWarrantEvidence.map(item) } : {}),
                        ...(o.days
                          ? {
                              days: o.days.map((d) => ({
                                ...d,
                                ...(d.maps ? { maps: d.maps.map(item) } : {}),
                                ...(d.clueImages ? { clueImages: d.clueImages.map(item) } : {}),
                                ...(d.characterKnowledge ? { characterKnowledge: d.characterKnowledge.map(item) } : {}),
                              })),
                            }
                          : {}),
                      },
                    ]),
                  ),
                }
              : {}),
          })),
        }
      : {}),
  };
}
