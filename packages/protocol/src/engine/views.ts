import { minPlayersReason } from '../cast.js';
import type { TContentCharacter } from '../content.js';
import type { TCharacterSummary, TGameView, TMyCharacterResponse, TPrivateCharacter, TPublicPlayer } from '../games.js';
import { canVote, rankSuspects } from '../rules/tally.js';
import type { TDailyVote, TDayContent, TVotingResults } from '../voting.js';
import type { Actor } from './command.js';
import { dayRangeMessage, parseDay } from './phases.js';
import { Refusal, refuse, type Refused } from './refusals.js';
import { buildDayContent, castAwareCharacter, castAwareMedia, gameCast, isDetectiveSeat, shadowTeamFor, storylineDays } from './cast-view.js';
import { storylineOf } from './game-case.js';
import type { EngineStoryline, TDailyTrackerVote, TGameState, TLivePlayer, TPushedHint } from './state.js';
import type { THintCard } from '../host-kit.js';
import { lateSeatCharacters, lateSeatingOpen } from './commands/late-arrival.js';
import { nextRevealAt, revealStep, revealStepIndex } from './commands/reveal.js';
import { phaseRef, phasesOf } from './phases.js';
import { capabilitiesOf, seatActor } from './capabilities.js';

/**
 * The views: the only place that decides what of the state leaves the server, per audience.
 * - public: every player of the game (and the host) sees the same public view; it never carries a team, a
 *   ballot's content or the killer before the results.
 * - a seat: its own private view (its character, its team once the game started, its search-warrant finds; a
 *   Shadow also sees the killer and the other Shadows). Its text is rendered for tonight's cast (cast-view.ts):
 *   it names only characters dealt in this game. A seat's texts are its character as the game's case tells it;
 *   the case itself (its id, title, killer) is in no view before the results.
 * - the host plays blind: the host sees the public view plus their own seat's private view, like any player.
 */
export type Audience = { kind: 'public' } | { kind: 'seat'; playerId: string };

export function characterSummary(c: TContentCharacter): TCharacterSummary {
  return { id: c.id, name: c.name, profession: c.profession, imageUrl: c.image.url, imageAlt: c.image.alt };
}

export function publicPlayer(s: TGameState, p: TLivePlayer, storyline: EngineStoryline): TPublicPlayer {
  const c = p.characterId ? storyline.characters.get(p.characterId) : undefined;
  return {
    id: p.id,
    displayName: p.displayName,
    userId: p.userId,
    isHost: p.isHost,
    characterId: p.characterId,
    character: c ? characterSummary(c) : null,
    voteLost: p.voteLost,
    isLeader: s.game.leaderPlayerId === p.id,
  };
}

export function voteProgress(s: TGameState, voterIds: readonly string[]) {
  const eligible = s.players.filter(canVote);
  const eligibleIds = new Set(eligible.map((p) => p.id));
  const submitted = voterIds.filter((id) => eligibleIds.has(id)).length;
  return { submittedCount: submitted, eligibleCount: eligible.length, allVotesSubmitted: eligible.length > 0 && submitted >= eligible.length };
}

/** Suspect-vote progress: before the reveal everyone with a vote is eligible; afterwards the electorate is frozen. */
export function suspectProgress(s: TGameState) {
  if (s.suspectVoting.topSuspects) {
    const n = s.suspectVoting.voterIds.length;
    return { submittedCount: n, eligibleCount: n, allVotesSubmitted: true };
  }
  return voteProgress(s, s.suspectVoting.voterIds);
}

// Parts of the public view that most versions share (the seats, the storyline's calendar) are built once per
// input and reused by identity, so building a version's view allocates little and diffing two versions skips them.
const storylineParts = new WeakMap<EngineStoryline, Pick<TGameView['storyline'], 'days' | 'minPlayersReason'>>();
const playerParts = new WeakMap<readonly TLivePlayer[], { leader: string | null; storyline: EngineStoryline; players: TPublicPlayer[] }>();

function publicStoryline(storyline: EngineStoryline) {
  let parts = storylineParts.get(storyline);
  if (!parts) storylineParts.set(storyline, (parts = { days: storylineDays(storyline), minPlayersReason: minPlayersReason(storyline.content) }));
  return parts;
}

function publicPlayers(s: TGameState, storyline: EngineStoryline): TPublicPlayer[] {
  const hit = playerParts.get(s.players);
  if (hit && hit.leader === s.game.leaderPlayerId && hit.storyline === storyline) return hit.players;
  const players = s.players.map((p) => publicPlayer(s, p, storyline));
  playerParts.set(s.players, { leader: s.game.leaderPlayerId, storyline, players });
  return players;
}

export function publicView(s: TGameState, storyline: EngineStoryline): TGameView {
  const g = s.game;
  const { days, minPlayersReason: reason } = publicStoryline(storyline);
  return {
    id: g.id,
    version: s.version,
    joinCode: g.joinCode,
    title: g.title,
    status: g.status,
    currentPhase: g.currentPhase,
    phase: phaseRef(phasesOf(storyline), g.currentPhase, g.status),
    isTestingMode: g.isTestingMode,
    feedbackMode: g.feedbackMode,
    tvNames: g.tvNames ?? 'first_names',
    storylineId: g.storylineId,
    // Day names and dates come from the storyline (each has its own calendar); no clue text here.
    storyline: { id: g.storylineId, title: g.title, days, minPlayersReason: reason },
    createdAt: g.createdAt,
    startedAt: g.startedAt,
    completedAt: g.completedAt,
    playerCount: s.players.length,
    minPlayers: g.minPlayers,
    characterLimit: g.characterLimit,
    expectedPlayers: g.expectedPlayers,
    leaderPlayerId: g.leaderPlayerId,
    hostPlayerId: s.players.find((p) => p.isHost)?.id ?? null,
    amountPaidCents: g.amountPaidCents,
    players: publicPlayers(s, storyline),
    suspectVoting: { ...suspectProgress(s), topSuspects: s.suspectVoting.topSuspects },
    finalVoting: s.results
      ? { submittedCount: s.finalVoting.voterIds.length, eligibleCount: s.finalVoting.voterIds.length, allVotesSubmitted: true }
      : voteProgress(s, s.finalVoting.voterIds),
    defence: s.defence,
    // The results name the killer: only once the shared reveal reached the killer's step.
    results: g.status === 'completed' && revealStep(s) >= revealStepIndex('killer') ? s.results : null,
    reveal: g.status === 'completed' ? publicReveal(s) : null,
    coHostPlayerId: g.coHostPlayerId ?? null,
    // Who asks to rejoin is public (the host and co-host answer); the claim hash stays on the server.
    rejoinRequests: (s.rejoinRequests ?? [])
      .filter((r) => r.status === 'pending')
      .map((r) => ({ requestId: r.requestId, playerId: r.playerId, requestedAt: r.requestedAt })),
    lateArrivals: (s.lateArrivals ?? []).map((a) => ({ arrivalId: a.arrivalId, displayName: a.displayName, arrivedAt: a.arrivedAt, status: a.status })),
    lateSeatCharacters: publicLateSeatCharacters(s, storyline),
    hostAwaySince: g.hostAwaySince ?? null,
    actingHostPlayerId: g.actingHostPlayerId ?? null,
    hints: publicHints(s, storyline),
    phaseStartedAt: g.phaseStartedAt ?? null,
  };
}

// The cards of a state's pushed hints, shared by identity between versions that pushed nothing new.
const hintParts = new WeakMap<readonly TPushedHint[], { storyline: EngineStoryline; cards: THintCard[] }>();
const NO_HINTS: THintCard[] = [];

/** The pushed hints as every phone shows them: the card's title and text from the storyline's host kit. */
function publicHints(s: TGameState, storyline: EngineStoryline): THintCard[] {
  const pushed = s.hints;
  if (!pushed || pushed.length === 0) return NO_HINTS;
  const hit = hintParts.get(pushed);
  if (hit && hit.storyline === storyline) return hit.cards;
  const table = phasesOf(storyline);
  const cards = pushed.flatMap((h) => {
    const hint = storyline.content.hostKit?.hints.find((x) => x.id === h.hintId);
    return hint ? [{ hintId: h.hintId, title: hint.title, text: hint.text, at: h.at, phase: h.phase, phaseKey: (table.phases[h.phase] ?? table.outcome).key }] : [];
  });
  hintParts.set(pushed, { storyline, cards });
  return cards;
}

function publicReveal(s: TGameState): NonNullable<TGameView['reveal']> {
  const step = revealStep(s);
  return {
    step,
    at: s.reveal?.at ?? 0,
    nextAt: nextRevealAt(s.reveal),
    accusedPlayerId: step >= revealStepIndex('accused') ? (s.results?.accusedPlayerId ?? null) : null,
    // The teams become public at the reveal's Shadows step (until then only a Shadow's own seat knows them).
    shadowPlayerIds: step >= revealStepIndex('shadows') ? s.players.filter((p) => p.team === 'shadow').map((p) => p.id) : null,
  };
}

/** Built only while someone waits for a seat and seating is open (else empty: the common case costs nothing). */
function publicLateSeatCharacters(s: TGameState, storyline: EngineStoryline) {
  if (!lateSeatingOpen(s, storyline) || !(s.lateArrivals ?? []).some((a) => a.status === 'watching')) return [];
  return lateSeatCharacters(s, storyline).flatMap((id) => {
    const c = storyline.characters.get(id);
    return c ? [characterSummary(c)] : [];
  });
}

export function privateCharacter(s: TGameState, p: TLivePlayer, c: TContentCharacter, storyline: EngineStoryline): TPrivateCharacter {
  const roles = storyline.content.roles;
  const isReader = roles?.pressConferenceCharacterId === c.id;
  const isTopSuspect = s.suspectVoting.topSuspects?.some((t) => t.playerId === p.id) ?? false;
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
    isDetective: isDetectiveSeat(s, storyline, p.id),
    isPressConferenceReader: isReader,
    hasMemoryFlashes: roles?.memoryFlashCharacterIds.includes(c.id) ?? false,
    searchWarrantEvidence: isTopSuspect ? c.searchWarrantEvidence.map((m) => m.url) : [],
    searchWarrantMedia: isTopSuspect ? c.searchWarrantEvidence : [],
  };
}

const NO_FINDS: never[] = [];

/**
 * A seat's view as pushed to its phone (deltas, join and sync answers): the seat view without a top suspect's
 * search-warrant finds. Every reader sees the top 3's finds in the suspect-vote results, which is where the phone
 * shows them, so pushing them again to each top suspect's own phone only made the reveal's frames heavier. The REST
 * character read keeps them.
 */
export function pushedSeatView(view: TMyCharacterResponse | null): TMyCharacterResponse | null {
  const c = view?.character;
  if (!view || !c || (c.searchWarrantEvidence.length === 0 && c.searchWarrantMedia.length === 0)) return view;
  return { ...view, character: { ...c, searchWarrantEvidence: NO_FINDS, searchWarrantMedia: NO_FINDS } };
}

/** A seat's private view; null when the seat is not (or no longer) in the game. */
export function seatView(s: TGameState, playerId: string, shared: EngineStoryline): TMyCharacterResponse | null {
  const p = s.players.find((x) => x.id === playerId);
  if (!p) return null;
  const storyline = storylineOf(s, shared);
  const c = p.characterId ? storyline.characters.get(p.characterId) : undefined;
  const started = s.game.status !== 'setup';
  return {
    // The character homepage opens when the game starts and the seat holds a character.
    hasAccess: started && !!c,
    character: c ? castAwareCharacter(privateCharacter(s, p, c, storyline), gameCast(s, storyline)) : null,
    team: started ? p.team : null,
    // Only a Shadow's own seat: who the killer is and who the other Shadows are.
    shadowTeam: started ? shadowTeamFor(s, p, storyline) : null,
    gamePlayer: { id: p.id, displayName: p.displayName, voteLost: p.voteLost, isHost: p.isHost },
    capabilities: capabilitiesOf(s, seatActor(s, p.id), storyline),
  };
}

/**
 * Whether a seat's capabilities can differ between two states besides its own seat: the phase (or the game's
 * deletion) for every seat; a change of co-host or acting host only for the seats named before or after.
 */
function rightsMoved(a: TGameState, b: TGameState, playerId?: string): boolean {
  const x = a.game;
  const y = b.game;
  if (x.currentPhase !== y.currentPhase || x.deletedAt !== y.deletedAt) return true;
  const named = (p: string | null | undefined, q: string | null | undefined) =>
    (p ?? null) !== (q ?? null) && (playerId === undefined || p === playerId || q === playerId);
  return named(x.coHostPlayerId, y.coHostPlayerId) || named(x.actingHostPlayerId, y.actingHostPlayerId);
}

/**
 * Whether any seat's view can differ between two states. A seat's view is made only of the seats (characters,
 * teams, lost votes), the game's status, the revealed top 3 and the seat's capabilities (the phase, the co-host,
 * the acting host) (plus the storyline, fixed for a game), and evolve
 * keeps every untouched part of the state by reference, so when none of these moved no seat's view did: a ballot
 * then costs one public delta, not a rebuild and comparison of every seat's view.
 */
export function seatViewsMayDiffer(a: TGameState, b: TGameState): boolean {
  return a.players !== b.players || a.game.status !== b.game.status || a.suspectVoting.topSuspects !== b.suspectVoting.topSuspects || rightsMoved(a, b);
}

// What any seat's view reads of the other seats (the cast and the Shadow roster): ids, characters, teams, names.
const rosters = new WeakMap<readonly TLivePlayer[], string>();
function roster(players: readonly TLivePlayer[]): string {
  let key = rosters.get(players);
  if (key === undefined) rosters.set(players, (key = JSON.stringify(players.map((q) => [q.id, q.characterId, q.team, q.displayName]))));
  return key;
}
const isTopSuspect = (s: TGameState, playerId: string) => s.suspectVoting.topSuspects?.some((t) => t.playerId === playerId) ?? false;

/**
 * Whether this seat's view can differ between two states (when seatViewsMayDiffer says the seats moved): a seat's
 * view is made of its own player, the game's status and phase and who drives, whether it is among the top 3, and of the others only what
 * the cast and the Shadow roster show (their characters, teams and names). At the reveal only the top 3's views
 * change, so the other seats' views are neither rebuilt nor compared.
 */
export function seatViewMayDiffer(a: TGameState, b: TGameState, playerId: string): boolean {
  const pa = a.players.find((p) => p.id === playerId);
  const pb = b.players.find((p) => p.id === playerId);
  return (
    pa !== pb ||
    a.game.status !== b.game.status ||
    rightsMoved(a, b, playerId) ||
    isTopSuspect(a, playerId) !== isTopSuspect(b, playerId) ||
    (a.players !== b.players && roster(a.players) !== roster(b.players))
  );
}

/**
 * One day of a character as `readerPlayerId` reads it (its holder, or the host checking clues in testing mode):
 * rendered for tonight's cast, with the day's shadow brief only when the reader holds the character and is a
 * Shadow. Who may read which character, and from which phase, is the caller's check.
 */
export function seatDayView(s: TGameState, shared: EngineStoryline, characterId: string, day: number, readerPlayerId: string | null): TDayContent | null {
  const storyline = storylineOf(s, shared);
  const c = storyline.characters.get(characterId);
  if (!c) return null;
  const reader = readerPlayerId ? s.players.find((p) => p.id === readerPlayerId) : undefined;
  const shadow = s.game.status !== 'setup' && reader?.characterId === characterId && reader.team === 'shadow';
  return buildDayContent(storyline, c, day, { cast: gameCast(s, storyline), shadow });
}

/** What an audience sees of the state: the public view, plus the seat's own view for a seat. */
export function viewFor(s: TGameState, audience: Audience, storyline: EngineStoryline) {
  return { game: publicView(s, storyline), me: audience.kind === 'seat' ? seatView(s, audience.playerId, storyline) : null };
}

/**
 * The suspect vote's results as a reader sees them. Nothing of the count before the top 3 are revealed, so early
 * ballots cannot sway later ones; then everyone sees the top 3 with their search-warrant evidence, and the
 * detective's seat (and an admin who holds no seat) the whole ranked count. Never who voted for whom.
 */
export function votingResultsView(s: TGameState, shared: EngineStoryline, reader: Actor): TVotingResults {
  const storyline = storylineOf(s, shared);
  const progress = suspectProgress(s);
  const top = s.suspectVoting.topSuspects;
  const base = { allVotesSubmitted: !!top, totalVotes: s.suspectVoting.voterIds.length, eligibleVoters: progress.eligibleCount };
  if (!top) return { ...base, suspectVotes: [], topSuspects: [] };
  const byId = new Map(s.players.map((p) => [p.id, p]));
  const characterOf = (playerId: string) => {
    const p = byId.get(playerId);
    return p?.characterId ? storyline.characters.get(p.characterId) : undefined;
  };
  const describe = (playerId: string, voteCount: number, rank: number) => {
    const c = characterOf(playerId);
    return { playerId, playerName: byId.get(playerId)?.displayName ?? 'Unknown player', character: c ? characterSummary(c) : null, voteCount, rank };
  };
  const ranked = rankSuspects(new Map(Object.entries(s.suspectVoting.tally)), s.players.map((p) => p.id));
  const full = isDetectiveSeat(s, storyline, reader.playerId) || (reader.role === 'admin' && reader.playerId === null);
  return {
    ...base,
    suspectVotes: (full ? ranked : ranked.slice(0, top.length)).map((r) => describe(r.playerId, r.voteCount, r.rank)),
    topSuspects: top.map((t) => ({
      ...describe(t.playerId, t.voteCount, t.rank),
      searchWarrantEvidence: castAwareMedia(characterOf(t.playerId)?.searchWarrantEvidence ?? [], gameCast(s, storyline)),
    })),
  };
}

const dailyVoteOut = (v: TDailyTrackerVote): TDailyVote => ({
  gamePlayerId: v.voterId,
  day: v.day,
  suspectCharacterId: v.suspectCharacterId,
  suspectGpId: v.suspectPlayerId,
  createdAt: v.at,
});

/**
 * The daily tracker votes a reader may see (testing mode only): a seat its own vote of a day (`voterId` = that
 * seat); the host (who runs the testers' table) or an admin every vote of a day, in the order they were cast.
 * Nobody else sees whom a seat suspected. `rawDay` is the day as the request named it (a path segment).
 */
export function dailyVotesView(
  s: TGameState,
  storyline: EngineStoryline,
  reader: Actor,
  query: { rawDay: unknown; voterId?: string },
): { ok: true; votes: TDailyVote[] } | Refused {
  if (!s.game.isTestingMode) return refuse(Refusal.NOT_TESTING_MODE, 'The daily suspicion tracker is only available in testing mode');
  if (query.voterId !== undefined) {
    if (reader.playerId === null || reader.playerId !== query.voterId) return refuse(Refusal.NOT_OWN_SEAT, 'You can only read your own daily vote');
  } else if (reader.role !== 'host' && reader.role !== 'admin') {
    return refuse(Refusal.NOT_HOST, 'Only the host can see the daily votes');
  }
  const table = phasesOf(storyline);
  const day = parseDay(table, query.rawDay);
  if (day === null) return refuse(Refusal.DAY_OUT_OF_RANGE, dayRangeMessage(table));
  const votes = (s.dailyVotes ?? []).filter((v) => v.day === day && (query.voterId === undefined || v.voterId === query.voterId));
  return { ok: true, votes: votes.map(dailyVoteOut) };
}
