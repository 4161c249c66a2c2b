import { ZPlayerTokenResponse } from '@ss/protocol';
import { api } from '../../lib/api';
import { useSessionStore } from '../../store/session';

/** Swaps this tab's session for a seat's player session; the server allows it to the game's host or an admin. */
export async function actAsPlayer(gameId: string, gamePlayerId: string): Promise<void> {
  const res = await api.post('/api/auth/player-token', { gamePlayerId, gameId }, ZPlayerTokenResponse);
  useSessionStore.getState().setAuth({
    token: res.token,
    role: 'player',
    gameId,
    playerId: res.gamePlayer.id,
    user: { id: res.gamePlayer.id, displayName: res.gamePlayer.displayName },
  });
}
