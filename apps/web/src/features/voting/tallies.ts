import type { TVotingBreakdown } from '@ss/protocol';

type Row = TVotingBreakdown['finalVotes'][number];

export interface Tally {
  /** The accused as the screens show them: character (player), or the player alone. */
  label: string;
  player: string;
  votes: number;
}

const labelOf = (player: string, character: string | null) => (character ? `${character} (${player})` : player);

/** Votes per accused, most first (ties by name), from the rows of a breakdown table. */
export function tallyByTarget(rows: readonly Row[]): Tally[] {
  const byPlayer = new Map<string, Tally>();
  for (const r of rows) {
    const t = byPlayer.get(r.targetPlayer) ?? { label: labelOf(r.targetPlayer, r.targetCharacter), player: r.targetPlayer, votes: 0 };
    t.votes += 1;
    byPlayer.set(r.targetPlayer, t);
  }
  return [...byPlayer.values()].sort((a, b) => b.votes - a.votes || a.label.localeCompare(b.label));
}

/** Final voters who named the real killer, and those who did not (killer: the killer's display name). */
export function whoVotedRight(rows: readonly Row[], killer: string | null): { right: string[]; wrong: string[] } {
  const right: string[] = [];
  const wrong: string[] = [];
  for (const r of rows) (killer !== null && r.targetPlayer === killer ? right : wrong).push(labelOf(r.voterPlayer, r.voterCharacter));
  return { right, wrong };
}
