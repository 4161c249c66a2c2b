import type { Principal } from '../auth/principal.js';

export interface SocketData {
  principal: Principal;
  /** Games this socket has joined (rooms game:{id}). */
  games: string[];
  /** The player this socket acts as in each joined game. */
  playerIds: Record<string, string>;
}
