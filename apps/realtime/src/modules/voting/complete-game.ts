import { Phase, canVote, decideFinalOutcome, type TGameResults, type TLiveRoom } from '@ss/protocol';
import type { Tx } from '../games/command.js';
import type { StorylineVersion } from '../storylines/storyline-catalog.js';

const characterName = (sv: StorylineVersion, characterId: string | null) =>
  characterId ? (sv.characters.get(characterId)?.name ?? null) : null;

/**
 * Ends the game inside the command's lock: decides the outcome from the stored final votes (the same rows the
 * tally was built from), marks the room completed and writes the one game_results row. Idempotent per room:
 * a room that already has results is returned unchanged.
 */
export async function completeGame(tx: Tx, room: TLiveRoom, sv: StorylineVersion, now = new Date()): Promise<TLiveRoom> {
  if (room.results) return room;
  const gameId = room.game.id;
  const votes = await tx
    .selectFrom('final_votes')
    .select(['voter_player_id as voterId', 'suspect_player_id as suspectId'])
    .where('game_id', '=', gameId)
    .execute();
  const killerCharacterId = sv.content.roles?.killerCharacterId ?? null;
  const killer = room.players.find((p) => p.characterId !== null && p.characterId === killerCharacterId) ?? null;
  const seating = room.players.map((p) => p.id);
  const outcome = decideFinalOutcome(votes, killer?.id ?? null, seating);
  const completedAt = now.toISOString();
  const results = {
    winningTeam: outcome.winningTeam,
    accusedPlayerId: outcome.accusedId,
    killerPlayerId: killer?.id ?? null,
    killerCorrect: outcome.killerCorrect,
  };
  const next: TLiveRoom = {
    ...room,
    game: { ...room.game, status: 'completed', completedAt },
    defence: null,
    results,
  };

  const accused = outcome.accusedId ? room.players.find((p) => p.id === outcome.accusedId) : undefined;
  const finalVotes: Record<string, number> = {};
  for (const [playerId, count] of outcome.tally) {
    // Keyed by the accused player's display name (unique within a game, checked at join).
    finalVotes[room.players.find((x) => x.id === playerId)?.displayName ?? playerId] = count;
  }
  const winningSide = outcome.winningTeam === 'seekers' ? 'seeker' : 'shadow';
  const data: TGameResults = {
    gameId,
    joinCode: room.game.joinCode,
    title: room.game.title,
    storylineId: room.game.storylineId,
    completedAt,
    winningTeam: outcome.winningTeam,
    accusedKiller: accused
      ? { playerId: accused.id, playerName: accused.displayName, characterName: characterName(sv, accused.characterId) }
      : null,
    finalKiller: killer
      ? { playerId: killer.id, playerName: killer.displayName, characterName: characterName(sv, killer.characterId) ?? '' }
      : null,
    killerCorrect: outcome.killerCorrect,
    killerCharacterId,
    killerRevealStory: killerCharacterId ? (sv.characters.get(killerCharacterId)?.killerRevealStory ?? null) : null,
    playerResults: room.players.map((p) => ({
      playerId: p.id,
      playerName: p.displayName,
      characterName: characterName(sv, p.characterId),
      team: p.team,
      isKiller: killer?.id === p.id,
      isWinner: p.team === winningSide,
    })),
    finalVotes,
  };
  await tx
    .insertInto('game_results')
    .values({
      game_id: gameId,
      completed_at: now,
      winning_team: outcome.winningTeam,
      accused_player_id: outcome.accusedId,
      killer_player_id: killer?.id ?? null,
      killer_correct: outcome.killerCorrect,
      data: JSON.stringify(data),
    })
    .onConflict((oc) => oc.column('game_id').doNothing())
    .execute();
  return next;
}

/** Every eligible player has voted (and there is at least one); the same count the public view shows. */
export function allEligibleVoted(room: TLiveRoom, voterIds: readonly string[]): boolean {
  const eligible = room.players.filter(canVote);
  const voted = new Set(voterIds);
  return eligible.length > 0 && eligible.every((p) => voted.has(p.id));
}

/**
 * Called whenever the game is (or stays) in the final vote phase after a change that can shrink the electorate:
 * with nobody left who may vote, nobody can be convicted, so the game ends at once and the shadows win
 * (docs/DECISIONS.md). Otherwise the room is returned unchanged.
 */
export async function completeIfNobodyCanVote(tx: Tx, room: TLiveRoom, sv: StorylineVersion): Promise<TLiveRoom> {
  if (room.game.status !== 'in_progress' || room.game.currentPhase < Phase.FINAL_VOTE || room.results) return room;
  if (room.players.some(canVote)) return room;
  return completeGame(tx, room, sv);
}
