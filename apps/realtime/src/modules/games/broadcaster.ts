import type { TLiveRoom, TSnapshotReason } from '@ss/protocol';
import type { IO } from '../../plugins/socket.js';
import type { StorylineVersion } from '../storylines/storyline-catalog.js';
import { myCharacterView, publicView } from './views.js';

export const gameRoom = (gameId: string) => `game:${gameId}`;
export const playerRoom = (playerId: string) => `player:${playerId}`;

export interface GameBroadcaster {
  readonly io: IO;
  /** One public snapshot to the game's room (serialised once), and private views to the players named. */
  publish(room: TLiveRoom, sv: StorylineVersion, reason: TSnapshotReason, privateFor: readonly string[] | 'all'): void;
  deleted(gameId: string): void;
  revokePlayer(playerId: string): void;
}

export function createBroadcaster(io: IO): GameBroadcaster {
  return {
    io,
    publish(room, sv, reason, privateFor) {
      const game = publicView(room, sv);
      io.to(gameRoom(room.game.id)).emit('room:snapshot', { version: room.version, reason, serverTime: Date.now(), game });
      const targets = privateFor === 'all' ? room.players : room.players.filter((p) => privateFor.includes(p.id));
      for (const p of targets) {
        io.to(playerRoom(p.id)).emit('me:updated', { gameId: room.game.id, version: room.version, me: myCharacterView(room, p, sv) });
      }
    },
    deleted(gameId) {
      io.to(gameRoom(gameId)).emit('game:deleted', { gameId });
      io.in(gameRoom(gameId)).disconnectSockets(true);
    },
    revokePlayer(playerId) {
      io.in(playerRoom(playerId)).disconnectSockets(true);
    },
  };
}
