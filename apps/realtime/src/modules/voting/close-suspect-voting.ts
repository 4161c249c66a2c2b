import { TOP_SUSPECTS, rankSuspects, type TLiveRoom } from '@ss/protocol';
import type { Tx } from '../games/command.js';

/**
 * Computes the top 3 once (inside the game's lock), takes their vote and records them in the room. Their
 * search-warrant evidence becomes visible in their private view (views.ts) from this version on.
 */
export async function closeSuspectVoting(tx: Tx, room: TLiveRoom): Promise<TLiveRoom> {
  if (room.suspectVoting.topSuspects) return room;
  const seating = room.players.map((p) => p.id);
  const ranked = rankSuspects(new Map(Object.entries(room.suspectVoting.tally)), seating).slice(0, TOP_SUSPECTS);
  const topIds = new Set(ranked.map((r) => r.playerId));
  if (topIds.size > 0) {
    await tx
      .updateTable('game_players')
      .set({ vote_lost: true, vote_lost_reason: 'top_suspect' })
      .where('id', 'in', [...topIds])
      .where('vote_lost', '=', false)
      .execute();
  }
  return {
    ...room,
    players: room.players.map((p) => (topIds.has(p.id) && !p.voteLost ? { ...p, voteLost: true, voteLostReason: 'top_suspect' as const } : p)),
    suspectVoting: { ...room.suspectVoting, topSuspects: ranked },
  };
}
