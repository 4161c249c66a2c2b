import { diff, encodeRoomDelta, encodeSeatDelta, pushedSeatView, ROOM_DELTA, SEAT_DELTA, seatViewMayDiffer, seatViewsMayDiffer, type TGameState } from '@ss/protocol';
import type { IO } from '../../plugins/socket.js';
import type { StorylineVersion } from '../storylines/storyline-catalog.js';
import { publicViewOf, seatViewOf } from './views.js';

export const gameRoom = (gameId: string) => `game:${gameId}`;
export const playerRoom = (playerId: string) => `player:${playerId}`;

export interface GameBroadcaster {
  readonly io: IO;
  /**
   * Pushes one commit of a game: to the game's room, the patch of the public view from `before` to `after`
   * (serialised once, for every phone); to each seat whose own view changed, the patch of that seat's view, in
   * its private room. Both in the compact wire form (wire/delta.ts). A public patch carries only what the public view holds, so no secret can ride on it.
   * Answers how many seat patches were pushed (the fan-out metric).
   */
  publish(before: TGameState, after: TGameState, storyline: StorylineVersion, events: readonly string[]): number;
  /** Tells phones the game's current version (the heartbeat): a phone behind it asks for what it missed. */
  beat(gameId: string, version: number): void;
  deleted(gameId: string): void;
  revokePlayer(playerId: string): void;
  /** Tells a seat's phones it moved to another phone, then closes their sockets (their tokens are void now). */
  seatMoved(gameId: string, playerId: string): void;
}

export function createBroadcaster(io: IO): GameBroadcaster {
  return {
    io,
    publish(before, after, storyline, events) {
      const gameId = after.game.id;
      const beforeView = publicViewOf(before, storyline);
      const ops = diff(beforeView, publicViewOf(after, storyline));
      let privatePushes = 0;
      // Each seat's patch leaves before the public one, so a phone's own view is exact at `from` when its patch
      // arrives (the public delta then moves it on with the room).
      if (seatViewsMayDiffer(before, after)) {
        for (const p of after.players) {
          if (!seatViewMayDiffer(before, after, p.id)) continue;
          const mine = pushedSeatView(seatViewOf(after, p.id, storyline));
          if (!mine) continue;
          const meOps = diff(pushedSeatView(seatViewOf(before, p.id, storyline)), mine);
          if (meOps.length === 0) continue;
          io.to(playerRoom(p.id)).emit(SEAT_DELTA, ...encodeSeatDelta({ from: before.version, to: after.version, ops: meOps }));
          privatePushes += 1;
        }
      }
      // Compact (wire/delta.ts): players are named by their position in the view at `from`, which every phone
      // that applies the delta holds.
      const delta = { from: before.version, to: after.version, events: [...events], ops, serverTime: Date.now() };
      io.to(gameRoom(gameId)).emit(ROOM_DELTA, ...encodeRoomDelta(delta, beforeView.players));
      return privatePushes;
    },
    beat(gameId, version) {
      io.to(gameRoom(gameId)).emit('room:version', { gameId, version });
    },
    deleted(gameId) {
      io.to(gameRoom(gameId)).emit('game:deleted', { gameId });
      io.in(gameRoom(gameId)).disconnectSockets(true);
    },
    revokePlayer(playerId) {
      io.in(playerRoom(playerId)).disconnectSockets(true);
    },
    seatMoved(gameId, playerId) {
      // Runs before the new phone is answered, so only the older phones are in the seat's room.
      io.to(playerRoom(playerId)).emit('seat:moved', { gameId, playerId });
      io.in(playerRoom(playerId)).disconnectSockets(true);
    },
  };
}
