import { publicView, seatView, type TGameView, type TGameState } from '@ss/protocol';
import { createBoundedCache } from '../../lib/bounded-cache.js';
import type { StorylineVersion } from '../storylines/storyline-catalog.js';
import { sharedReply } from '../../plugins/shared-replies.js';

// A version of a game is immutable, so its public view is built once (pushes, polling and joins share it), and
// the views of recent versions stay at hand to answer a phone that asks for the changes since one of them.
const views = createBoundedCache<string, TGameView>(20_000);

export function publicViewOf(room: TGameState, storyline: StorylineVersion): TGameView {
  const key = `${room.game.id}:${room.version}`;
  const hit = views.get(key);
  if (hit) return hit;
  const view = sharedReply(publicView(room, storyline));
  views.set(key, view);
  return view;
}

/** The public view of an earlier version, if this instance still has it. */
export const cachedView = (gameId: string, version: number): TGameView | undefined => views.get(`${gameId}:${version}`);

// A seat's view of a version, kept as long as the version itself is kept (the working copy of a game is the
// "after" of one commit and the "before" of the next, so each seat's view is built once per version, not twice).
const seatViews = new WeakMap<TGameState, Map<string, ReturnType<typeof seatView>>>();

export function seatViewOf(room: TGameState, playerId: string, storyline: StorylineVersion): ReturnType<typeof seatView> {
  return seatViewIn(room, playerId, storyline, true);
}

/**
 * A seat's view for an answer to that seat alone (join, sync, its own reads): taken from the cache when the
 * broadcaster built it, but not kept. A join's view kept on the room version would hold a few KB of character
 * text per connected phone for as long as the game's working copy lives, for a comparison that rarely comes.
 */
export function seatViewForAnswer(room: TGameState, playerId: string, storyline: StorylineVersion): ReturnType<typeof seatView> {
  return seatViewIn(room, playerId, storyline, false);
}

function seatViewIn(room: TGameState, playerId: string, storyline: StorylineVersion, keep: boolean): ReturnType<typeof seatView> {
  let byPlayer = seatViews.get(room);
  if (byPlayer?.has(playerId)) return byPlayer.get(playerId) ?? null;
  const view = seatView(room, playerId, storyline);
  if (!keep) return view;
  if (!byPlayer) seatViews.set(room, (byPlayer = new Map()));
  byPlayer.set(playerId, view);
  return view;
}
