import type { TGameView } from '@ss/protocol';
import type { TopSuspectSummary } from './TopSuspects';

/**
 * The top 3 as the pushed view already tells every phone: the ranks and counts of `suspectVoting.topSuspects`, and
 * each seat's public name and character summary. The REST results describe a suspect the same way (display name,
 * 'Unknown player' for a seat that is gone, the character's public summary, which no case rewrites), so the card can
 * show on the push itself instead of after a round trip; only the warrants' finds need the REST answer.
 */
export function topSuspectsFromView(game: TGameView): TopSuspectSummary[] | null {
  const top = game.suspectVoting.topSuspects;
  if (!top) return null;
  const byId = new Map(game.players.map((p) => [p.id, p]));
  return top.map((t) => {
    const p = byId.get(t.playerId);
    return {
      playerId: t.playerId,
      playerName: p?.displayName ?? 'Unknown player',
      character: p?.character ?? null,
      voteCount: t.voteCount,
      rank: t.rank,
    };
  });
}
