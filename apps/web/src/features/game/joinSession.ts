import type { TJoinResponse } from '@ss/protocol';
import { randomSessionId, withSession } from '../../lib/session';
import { useSessionStore } from '../../store/session';

/**
 * A player join (or rejoin) stores role player, gameId and playerId under a fresh tab session,
 * and answers the path (with ?session=) to go to.
 */
export function storePlayerSession(res: TJoinResponse, displayName: string, path: string): string {
  const sessionId = randomSessionId();
  useSessionStore.getState().setAuth(
    {
      token: res.token,
      role: 'player',
      gameId: res.gameId,
      playerId: res.playerId,
      user: { id: res.playerId, displayName },
    },
    { sessionId },
  );
  return withSession(path, sessionId);
}
