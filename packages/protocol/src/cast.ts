import type { TStorylineContent } from './content.js';

type CastSource = Pick<TStorylineContent, 'castTable' | 'castOrder' | 'essentialCharacterIds' | 'minPlayers' | 'maxPlayers'>;

/**
 * The character ids dealt at n players, essential ones first: the cast table's row for n, or the first n of
 * castOrder for a storyline without a table. A count outside minPlayers..maxPlayers is clamped into it, so a
 * table of 5 in a storyline for 6 still gets the six-player cast.
 */
export function castFor(content: CastSource, n: number): string[] {
  const count = Math.min(Math.max(n, content.minPlayers), content.maxPlayers);
  const row = content.castTable?.[String(count)];
  if (row) return [...row];
  return content.castOrder.slice(0, Math.max(0, count));
}

/** Every character a game of up to `limit` players may deal (the union of the cast table's rows up to it). */
export function castPool(content: CastSource, limit: number): string[] {
  const pool = new Set<string>();
  for (let n = content.minPlayers; n <= Math.min(limit, content.maxPlayers); n++) for (const id of castFor(content, n)) pool.add(id);
  if (pool.size === 0) for (const id of castFor(content, limit)) pool.add(id);
  return [...pool];
}

/** The characters dealt at every count: the declared list, or the first minPlayers of castOrder. */
export function essentialCharacterIds(content: CastSource): string[] {
  return content.essentialCharacterIds ? [...content.essentialCharacterIds] : content.castOrder.slice(0, content.minPlayers);
}

/** Why a storyline needs its minimum, for the lobby: the storyline's own reason, or the vote rule. */
export function minPlayersReason(content: Pick<TStorylineContent, 'minPlayers' | 'minPlayersReason'>): string {
  return (
    content.minPlayersReason ??
    `At least ${content.minPlayers} players: the three top suspects lose their final vote, so ${content.minPlayers} players leave ${content.minPlayers - 3} to cast it.`
  );
}
