import path from 'node:path';
import type { TStorylineCase, TStorylineContent } from '@ss/protocol';
import { loadStorylineContent } from '../src/modules/storylines/content-loader.js';

/** The content folder the tests play from: Fixture Manor, small and stable, so no test depends on shipped stories. */
export const FIXTURE_CONTENT_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures', 'content');

/**
 * The fixture storyline as the loader reads it (Fixture Manor: 4 days, 4-12 players; case fx-candlestick: the
 * butler did it; case fx-poison: the gardener). Light to import: unit tests load it without the app.
 */
export async function loadFixtureStoryline(): Promise<TStorylineContent> {
  const [fixture] = await loadStorylineContent(FIXTURE_CONTENT_DIR);
  if (!fixture) throw new Error('the fixture storyline is missing');
  return fixture;
}

/** A deep copy to break one rule in. */
export const clone = (s: TStorylineContent): TStorylineContent => structuredClone(s);
export const char = (s: TStorylineContent, id: string) => s.characters.find((c) => c.id === id)!;
/** A storyline's first case (the fixture's fx-candlestick). */
export const caseA = (s: TStorylineContent): TStorylineCase => s.cases![0]!;
