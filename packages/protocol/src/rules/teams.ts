/**
 * Team assignment for a started game: the killer is always a shadow, the detective always a seeker, and the
 * remaining shadow seats go to shadow candidates in play, picked by a seeded shuffle (seed = game id) so the
 * split is fixed for a game but differs between games.
 */
export interface TeamInput {
  assignedCharacterIds: readonly string[];
  killerCharacterId: string;
  detectiveCharacterId: string;
  shadowCandidates: readonly string[];
  shadowsByPlayerCount: Readonly<Record<string, number>>;
  seed: string;
}

export function shadowCountFor(playerCount: number, table: Readonly<Record<string, number>>): number {
  const direct = table[String(playerCount)];
  if (direct !== undefined) return direct;
  // Outside the table: the nearest smaller count, at least one shadow.
  const keys = Object.keys(table).map(Number).filter((k) => k <= playerCount).sort((a, b) => b - a);
  const k = keys[0];
  return k === undefined ? 1 : (table[String(k)] ?? 1);
}

export function assignTeams(input: TeamInput): Record<string, 'seeker' | 'shadow'> {
  const teams: Record<string, 'seeker' | 'shadow'> = {};
  for (const id of input.assignedCharacterIds) teams[id] = 'seeker';
  const n = input.assignedCharacterIds.length;
  let seats = shadowCountFor(n, input.shadowsByPlayerCount);
  if (input.assignedCharacterIds.includes(input.killerCharacterId)) {
    teams[input.killerCharacterId] = 'shadow';
    seats -= 1;
  }
  const inPlay = new Set(input.assignedCharacterIds);
  const pool = input.shadowCandidates.filter(
    (id) => inPlay.has(id) && id !== input.killerCharacterId && id !== input.detectiveCharacterId,
  );
  for (const id of seededShuffle(pool, input.seed).slice(0, Math.max(0, seats))) teams[id] = 'shadow';
  return teams;
}

/** Fisher-Yates with a small deterministic PRNG (mulberry32) seeded from a string hash. */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let state = h >>> 0;
  const rand = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
