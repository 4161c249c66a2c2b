import { renderCastText, type CastContext } from '../cast-text.js';
import type { TContentCharacter, TMediaItem } from '../content.js';
import type { TPrivateCharacter, TShadowTeam } from '../games.js';
import type { TDayContent } from '../voting.js';
import { isDetectiveProfession } from '../rules/tally.js';
import { killerCharacterIdOf } from './game-case.js';
import type { EngineStoryline, TGameState, TLivePlayer } from './state.js';

/**
 * Storyline text as tonight's game sees it: cast tokens rendered for the characters actually dealt, whom-to-ask
 * lines only for characters at the table, and the Shadow side's intelligence for Shadows only. Pure, like the
 * rest of the engine; views.ts applies it to each audience.
 */

/** The storyline's day names and dates, public in every game view (no clue text). */
export function storylineDays(storyline: EngineStoryline): Array<{ day: number; name: string; date: string }> {
  return storyline.content.days.map((d) => ({ day: d.day, name: d.name, date: d.date }));
}

/** The cast of a game: the characters held by its seats. */
export function gameCast(s: TGameState, storyline: EngineStoryline): CastContext {
  const hit = castOfSeats.get(s.players);
  if (hit?.storyline === storyline) return hit.cast;
  const held = [...new Set(s.players.flatMap((p) => (p.characterId ? [p.characterId] : [])))].sort();
  let casts = castsOf.get(storyline);
  if (!casts) castsOf.set(storyline, (casts = new Map()));
  const key = held.join(',');
  let cast = casts.get(key);
  if (!cast) {
    const inGame = new Set(held);
    casts.set(key, (cast = { nameOf: (id) => storyline.characters.get(id)?.name, inGame: (id) => inGame.has(id) }));
  }
  castOfSeats.set(s.players, { storyline, cast });
  return cast;
}

// A cast is the same object for every state and seat that deals the same characters, so text rendered for it is
// rendered once (renderCastText remembers its results per cast): seat views are rebuilt on every change of the
// seats, and each renders ten long texts.
const castsOf = new WeakMap<EngineStoryline, Map<string, CastContext>>();
const castOfSeats = new WeakMap<readonly TLivePlayer[], { storyline: EngineStoryline; cast: CastContext }>();

/** Renders every free-text field of the owner's character view for the game's cast. */
export function castAwareCharacter(pc: TPrivateCharacter, cast: CastContext): TPrivateCharacter {
  const r = (t: string) => renderCastText(t, cast);
  return {
    ...pc,
    personality: r(pc.personality),
    backstory: r(pc.backstory),
    relationships: r(pc.relationships),
    secrets: r(pc.secrets),
    motivation: r(pc.motivation),
    gameObjective: r(pc.gameObjective),
    specialInstructions: r(pc.specialInstructions),
    gameplayTips: r(pc.gameplayTips),
    storylineHomepage: r(pc.storylineHomepage),
    pressConferenceHomepage: pc.pressConferenceHomepage === null ? null : r(pc.pressConferenceHomepage),
    // A search find's caption may name another character, like any document of the day.
    searchWarrantMedia: castAwareMedia(pc.searchWarrantMedia, cast),
  };
}

/**
 * The Shadow team as a Shadow sees it: the killer and the other Shadows with the players holding them. Null for a
 * Seeker, a seat without a character, or before teams are dealt, whoever asks (the host included: the host plays
 * blind and sees this only when their own seat is a Shadow).
 */
export function shadowTeamFor(s: TGameState, p: TLivePlayer, storyline: EngineStoryline): TShadowTeam | null {
  const killerId = killerCharacterIdOf(s, storyline);
  if (s.game.status === 'setup' || p.team !== 'shadow' || !p.characterId || !killerId) return null;
  const seat = (q: TLivePlayer) => ({
    characterId: q.characterId as string,
    name: storyline.characters.get(q.characterId as string)?.name ?? '',
    playerName: q.displayName,
  });
  const killer = s.players.find((q) => q.characterId === killerId);
  if (!killer) return null;
  return {
    youAreTheKiller: p.id === killer.id,
    killer: seat(killer),
    shadows: s.players.filter((q) => q.team === 'shadow' && q.characterId && q.id !== p.id && q.id !== killer.id).map(seat),
  };
}

const urls = (items: readonly TMediaItem[]) => items.map((m) => m.url);

/** A media item's caption and alt text rendered for the game's cast (a document may name someone dealt only at some counts). */
export function castAwareMedia(items: readonly TMediaItem[], cast: CastContext): TMediaItem[] {
  return items.map((m) => ({ ...m, caption: renderCastText(m.caption, cast), alt: renderCastText(m.alt, cast) }));
}

export interface DayViewOptions {
  cast: CastContext;
  /** The reader holds this character and is a Shadow: include today's shadow brief. */
  shadow: boolean;
}

/**
 * One day of a character, rendered for the game's cast. `storyline` and `c` are as the game's case tells them (the
 * case's clue of the day, its rewrites of the character's day and its shadow brief). Null when there is no such day.
 */
export function buildDayContent(storyline: EngineStoryline, c: TContentCharacter, day: number, opts: DayViewOptions): TDayContent | null {
  const d = c.days.find((x) => x.day === day);
  if (!d) return null;
  const storyDay = storyline.content.days.find((x) => x.day === day);
  const roles = storyline.content.roles;
  const isReader = roles?.pressConferenceCharacterId === c.id;
  const hasFlashes = roles?.memoryFlashCharacterIds.includes(c.id) ?? false;
  const { cast } = opts;
  const r = (t: string) => renderCastText(t, cast);
  const brief = opts.shadow ? c.shadowBriefs?.find((b) => b.day === day) : undefined;
  return {
    day,
    // Dates come from the storyline: each storyline has its own calendar.
    date: storyDay?.date ?? '',
    bannerImage: storyDay?.bannerImage ?? '',
    dayName: storyDay?.name ?? '',
    dayClue: storyDay ? r(storyDay.clue) : '',
    storyline: r(d.storyline),
    maps: urls(d.maps),
    clueImages: urls(d.clueImages),
    characterKnowledge: urls(d.characterKnowledge),
    mapsMedia: castAwareMedia(d.maps, cast),
    clueMedia: castAwareMedia(d.clueImages, cast),
    knowledgeMedia: castAwareMedia(d.characterKnowledge, cast),
    victimRelationship: r(d.victimRelationship),
    // Role-only blocks go to their holders only, even if a content file were to carry them elsewhere.
    pressConference: isReader && d.pressConference ? r(d.pressConference) : null,
    memoryFlash: hasFlashes && d.memoryFlash ? r(d.memoryFlash) : null,
    whomToAsk: d.whomToAsk.flatMap((w): TDayContent['whomToAsk'] => {
      if (cast.inGame(w.characterId)) return [{ characterId: w.characterId, name: cast.nameOf(w.characterId) ?? '', about: r(w.about) }];
      const alt = w.ifAbsent;
      if (!alt) return [];
      if (!alt.characterId) return [{ characterId: null, name: null, about: r(alt.about) }];
      if (!cast.inGame(alt.characterId)) return [];
      return [{ characterId: alt.characterId, name: cast.nameOf(alt.characterId) ?? '', about: r(alt.about) }];
    }),
    shadowBrief: brief
      ? {
          hide: r(brief.hide),
          steer: brief.steer
            .filter((t) => cast.inGame(t.characterId))
            .map((t) => ({ characterId: t.characterId, name: cast.nameOf(t.characterId) ?? '', material: r(t.material) })),
          safeLie: r(brief.safeLie),
          riskyLie: r(brief.riskyLie),
        }
      : null,
  };
}

/**
 * Whether a seat holds the detective: the character whose profession contains "Detective" (the content loader
 * lets exactly one character of a storyline, its roles' detective, carry that word). The detective removes
 * votes and reads the whole suspect count.
 */
export function isDetectiveSeat(s: TGameState, storyline: EngineStoryline, playerId: string | null | undefined): boolean {
  const p = playerId ? s.players.find((x) => x.id === playerId) : undefined;
  const c = p?.characterId ? storyline.characters.get(p.characterId) : undefined;
  return !!c && isDetectiveProfession(c.profession);
}
