import type {
  TCharacterSummary,
  TContentCharacter,
  TGameView,
  TLivePlayer,
  TLiveRoom,
  TMyCharacterResponse,
  TPrivateCharacter,
  TPublicPlayer,
} from '@ss/protocol';
import { canVote, isDetectiveProfession, minPlayersReason } from '@ss/protocol';
import type { StorylineVersion } from '../storylines/storyline-catalog.js';
import { castAwareCharacter, gameCast, shadowTeamFor, storylineDays } from '../storylines/cast-view.js';

/**
 * The playerView filters: the only place that decides what leaves the server. Teams, secrets and the killer
 * never appear in a public view; a private view carries only its owner's character.
 */
export function characterSummary(c: TContentCharacter): TCharacterSummary {
  return { id: c.id, name: c.name, profession: c.profession, imageUrl: c.image.url, imageAlt: c.image.alt };
}

export function publicPlayer(room: TLiveRoom, p: TLivePlayer, sv: StorylineVersion): TPublicPlayer {
  const c = p.characterId ? sv.characters.get(p.characterId) : undefined;
  return {
    id: p.id,
    displayName: p.displayName,
    userId: p.userId,
    isHost: p.isHost,
    characterId: p.characterId,
    character: c ? characterSummary(c) : null,
    voteLost: p.voteLost,
    isLeader: room.game.leaderPlayerId === p.id,
  };
}

export function voteProgress(room: TLiveRoom, voterIds: readonly string[]) {
  const eligible = room.players.filter(canVote);
  const eligibleIds = new Set(eligible.map((p) => p.id));
  const submitted = voterIds.filter((id) => eligibleIds.has(id)).length;
  return { submittedCount: submitted, eligibleCount: eligible.length, allVotesSubmitted: eligible.length > 0 && submitted >= eligible.length };
}

export function publicView(room: TLiveRoom, sv: StorylineVersion): TGameView {
  const g = room.game;
  const suspects = room.suspectVoting.topSuspects;
  // Before the reveal, eligibility for the suspect vote is everyone with a vote; afterwards it is frozen.
  const suspectProgress = suspects
    ? { submittedCount: room.suspectVoting.voterIds.length, eligibleCount: room.suspectVoting.voterIds.length, allVotesSubmitted: true }
    : voteProgress(room, room.suspectVoting.voterIds);
  return {
    id: g.id,
    version: room.version,
    joinCode: g.joinCode,
    title: g.title,
    status: g.status,
    currentPhase: g.currentPhase,
    isTestingMode: g.isTestingMode,
    feedbackMode: g.feedbackMode,
    storylineId: g.storylineId,
    storyline: { id: g.storylineId, title: g.title, days: storylineDays(sv), minPlayersReason: minPlayersReason(sv.content) },
    createdAt: g.createdAt,
    startedAt: g.startedAt,
    completedAt: g.completedAt,
    playerCount: room.players.length,
    minPlayers: g.minPlayers,
    characterLimit: g.characterLimit,
    expectedPlayers: g.expectedPlayers,
    leaderPlayerId: g.leaderPlayerId,
    hostPlayerId: room.players.find((p) => p.isHost)?.id ?? null,
    amountPaidCents: g.amountPaidCents,
    players: room.players.map((p) => publicPlayer(room, p, sv)),
    suspectVoting: { ...suspectProgress, topSuspects: suspects },
    finalVoting: room.results
      ? { submittedCount: room.finalVoting.voterIds.length, eligibleCount: room.finalVoting.voterIds.length, allVotesSubmitted: true }
      : voteProgress(room, room.finalVoting.voterIds),
    defence: room.defence,
    results: g.status === 'completed' ? room.results : null,
  };
}

export function privateCharacter(room: TLiveRoom, p: TLivePlayer, c: TContentCharacter, sv: StorylineVersion): TPrivateCharacter {
  const roles = sv.content.roles;
  const isReader = roles?.pressConferenceCharacterId === c.id;
  const isTopSuspect = room.suspectVoting.topSuspects?.some((s) => s.playerId === p.id) ?? false;
  return {
    id: c.id,
    name: c.name,
    role: c.role,
    description: c.description,
    profession: c.profession,
    age: c.age,
    height: c.height,
    gender: c.gender,
    appearance: c.appearance,
    personality: c.personality,
    backstory: c.backstory,
    relationships: c.relationships,
    secrets: c.secrets,
    motivation: c.motivation,
    imageUrl: c.image.url,
    imageAlt: c.image.alt,
    gameObjective: c.gameObjective,
    specialInstructions: c.specialInstructions,
    gameplayTips: c.gameplayTips,
    storylineHomepage: c.storylineHomepage,
    pressConferenceHomepage: isReader ? (c.pressConferenceHomepage ?? null) : null,
    isDetective: isDetectiveProfession(c.profession),
    isPressConferenceReader: isReader,
    hasMemoryFlashes: roles?.memoryFlashCharacterIds.includes(c.id) ?? false,
    searchWarrantEvidence: isTopSuspect ? c.searchWarrantEvidence.map((m) => m.url) : [],
    searchWarrantMedia: isTopSuspect ? c.searchWarrantEvidence : [],
  };
}

export function myCharacterView(room: TLiveRoom, p: TLivePlayer, sv: StorylineVersion): TMyCharacterResponse {
  const c = p.characterId ? sv.characters.get(p.characterId) : undefined;
  const started = room.game.status !== 'setup';
  return {
    // Access to the character homepage opens when the game starts and the player holds a character.
    hasAccess: started && !!c,
    character: c ? castAwareCharacter(privateCharacter(room, p, c, sv), gameCast(room, sv)) : null,
    team: started ? p.team : null,
    shadowTeam: started ? shadowTeamFor(room, p, sv) : null,
    gamePlayer: { id: p.id, displayName: p.displayName, voteLost: p.voteLost, isHost: p.isHost },
  };
}
