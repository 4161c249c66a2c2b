/** A suspect ballot: one voter, exactly three distinct suspects. */
export interface SuspectBallot {
  voterId: string;
  suspectIds: readonly string[];
  /** Milliseconds since epoch when the ballot was accepted (used only for stable, documented tie-breaks). */
  castAt?: number;
}

export interface RankedSuspect {
  playerId: string;
  voteCount: number;
  rank: number;
}

export const SUSPECTS_PER_BALLOT = 3;
export const TOP_SUSPECTS = 3;

export type BallotProblem = 'count' | 'duplicate' | 'self' | 'unknown_player';

/** Validates one suspect ballot against the game's players; returns the problem or null. */
export function checkSuspectBallot(voterId: string, suspectIds: readonly string[], playerIds: ReadonlySet<string>): BallotProblem | null {
  if (suspectIds.length !== SUSPECTS_PER_BALLOT) return 'count';
  if (new Set(suspectIds).size !== suspectIds.length) return 'duplicate';
  if (suspectIds.includes(voterId)) return 'self';
  if (suspectIds.some((id) => !playerIds.has(id))) return 'unknown_player';
  return null;
}

export function tallySuspectVotes(ballots: readonly SuspectBallot[]): Map<string, number> {
  const tally = new Map<string, number>();
  for (const b of ballots) for (const s of b.suspectIds) tally.set(s, (tally.get(s) ?? 0) + 1);
  return tally;
}

/**
 * Ranks everyone who received a vote. Tie-break (documented in DECISIONS.md): more votes first; then the player
 * listed earlier in the game's seating order (join order) first. Independent of ballot order by construction.
 */
export function rankSuspects(tally: ReadonlyMap<string, number>, seatingOrder: readonly string[]): RankedSuspect[] {
  const seat = new Map(seatingOrder.map((id, i) => [id, i]));
  return [...tally.entries()]
    .sort((a, b) => b[1] - a[1] || (seat.get(a[0]) ?? Infinity) - (seat.get(b[0]) ?? Infinity) || a[0].localeCompare(b[0]))
    .map(([playerId, voteCount], i) => ({ playerId, voteCount, rank: i + 1 }));
}

export function topSuspects(ballots: readonly SuspectBallot[], seatingOrder: readonly string[]): RankedSuspect[] {
  return rankSuspects(tallySuspectVotes(ballots), seatingOrder).slice(0, TOP_SUSPECTS);
}

export interface FinalVote {
  voterId: string;
  suspectId: string;
}

export interface FinalOutcome {
  tally: Map<string, number>;
  /** The convicted player: most final votes, ties broken by seating order. Null only with no votes. */
  accusedId: string | null;
  accusedVotes: number;
  killerCorrect: boolean;
  winningTeam: 'seekers' | 'shadows';
}

/** Seekers win if the killer is convicted, shadows if an innocent is (or nobody could be convicted). */
export function decideFinalOutcome(votes: readonly FinalVote[], killerPlayerId: string | null, seatingOrder: readonly string[]): FinalOutcome {
  const tally = new Map<string, number>();
  for (const v of votes) tally.set(v.suspectId, (tally.get(v.suspectId) ?? 0) + 1);
  const ranked = rankSuspects(tally, seatingOrder);
  const top = ranked[0];
  const accusedId = top?.playerId ?? null;
  const killerCorrect = accusedId !== null && accusedId === killerPlayerId;
  return { tally, accusedId, accusedVotes: top?.voteCount ?? 0, killerCorrect, winningTeam: killerCorrect ? 'seekers' : 'shadows' };
}

/** Who may vote: a player of the game who has not lost the vote. */
export const canVote = (p: { voteLost: boolean }) => !p.voteLost;

/**
 * A character is the detective if its profession contains 'Detective' (the content loader checks the same string,
 * so the two can never disagree).
 */
export const isDetectiveProfession = (profession: string) => profession.includes('Detective');
