import { castAwareMedia, renderCastText, revealStepIndex, type TGameView, type TMediaItem, type TTvNames, type TTvView } from '@ss/protocol';
import type { StorylineVersion } from '../storylines/storyline-catalog.js';

/** Maps that every seat in play holds on this day: showing them on the table screen reveals nothing private. */
function sharedMaps(game: TGameView, storyline: StorylineVersion, day: number): TMediaItem[] {
  const seats = game.players.flatMap((p) => (p.characterId ? [storyline.characters.get(p.characterId)] : [])).filter((c) => c !== undefined);
  if (seats.length === 0) return [];
  const [first, ...rest] = seats;
  const mapsOf = (c: (typeof seats)[number]) => c.days.find((d) => d.day === day)?.maps ?? [];
  return mapsOf(first!).filter((m) => rest.every((c) => mapsOf(c).some((o) => o.url === m.url)));
}

/** A player's name as the host lets the table screen show it: nothing, the first word, or the name as typed. */
export function tvName(displayName: string, tvNames: TTvNames, started: boolean): string {
  if (tvNames === 'full_names') return displayName;
  if (tvNames === 'after_start' && !started) return '';
  return displayName.trim().split(/\s+/)[0] ?? '';
}


/** The reveal as the table screen shows it: names only from each part's step (the public view already holds them back). */
function tvReveal(game: TGameView, nameOf: (id: string | null) => string | null, storyline: StorylineVersion, cast: CastLookup): TTvView['reveal'] {
  const reveal = game.reveal;
  if (!reveal) return null;
  const killerSeat = game.players.find((p) => p.id === game.results?.killerPlayerId);
  const killer = killerSeat?.characterId ? storyline.characters.get(killerSeat.characterId) : undefined;
  return {
    step: reveal.step,
    nextAt: reveal.nextAt,
    accused: reveal.accusedPlayerId ? nameOf(reveal.accusedPlayerId) : null,
    shadows: reveal.shadowPlayerIds ? reveal.shadowPlayerIds.map((id) => nameOf(id) ?? 'A player') : null,
    story: reveal.step >= revealStepIndex('story') && killer?.killerRevealStory ? renderCastText(killer.killerRevealStory, cast) : null,
  };
}

type CastLookup = { nameOf: (id: string) => string | undefined; inGame: (id: string) => boolean };

/**
 * The table screen's view, built from the public view (which never holds a team, secret or ballot) and the
 * storyline's public day data. Vote progress is counts only; the verdict appears once the game is completed.
 */
export function tvView(game: TGameView, storyline: StorylineVersion): TTvView {
  // Reached by room code alone: names only as the host allows, and before the start (when the host hides them)
  // not even who is seated.
  const started = game.status !== 'setup';
  const shown = game.tvNames === 'after_start' && !started ? [] : game.players;
  const name = (displayName: string) => tvName(displayName, game.tvNames, started);
  const byId = new Map(shown.map((p) => [p.id, p]));
  const nameOf = (id: string | null) => {
    const p = id ? byId.get(id) : undefined;
    if (!p) return null;
    return p.character ? `${p.character.name} (${name(p.displayName)})` : name(p.displayName);
  };
  // A day phase of a game in progress shows that day (the game's phase is read from its storyline's phase table).
  const dayNo = game.phase.kind === 'day' ? game.phase.day : null;
  const d = dayNo ? storyline.content.days.find((x) => x.day === dayNo) : undefined;
  const results = game.status === 'completed' ? game.results : null;
  // The day's clue names only characters dealt tonight (cast tokens), like every phone's copy.
  const dealt = new Set(game.players.flatMap((p) => (p.characterId ? [p.characterId] : [])));
  const cast = { nameOf: (id: string) => storyline.characters.get(id)?.name, inGame: (id: string) => dealt.has(id) };
  return {
    gameId: game.id,
    version: game.version,
    joinCode: game.joinCode,
    title: game.title,
    status: game.status,
    currentPhase: game.currentPhase,
    phase: game.phase,
    coverImage: storyline.content.image.url,
    days: game.storyline.days,
    players: shown.map((p) => ({ id: p.id, displayName: name(p.displayName), character: p.character })),
    day:
      d && dayNo
        ? { day: dayNo, date: d.date, name: d.name, clue: renderCastText(d.clue, cast), bannerImage: d.bannerImage, maps: castAwareMedia(sharedMaps(game, storyline, dayNo), cast) }
        : null,
    suspectVoting: { submittedCount: game.suspectVoting.submittedCount, eligibleCount: game.suspectVoting.eligibleCount },
    topSuspects: game.suspectVoting.topSuspects?.map((t) => ({ playerId: t.playerId, rank: t.rank })) ?? null,
    finalVoting: { submittedCount: game.finalVoting.submittedCount, eligibleCount: game.finalVoting.eligibleCount },
    defence: game.defence,
    verdict: results
      ? { winningTeam: results.winningTeam, accused: nameOf(results.accusedPlayerId), killer: nameOf(results.killerPlayerId) }
      : null,
    reveal: tvReveal(game, nameOf, storyline, cast),
  };
}
