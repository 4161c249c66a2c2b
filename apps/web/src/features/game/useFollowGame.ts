import { useEffect } from 'react';
import { followGame } from '../../lib/socket';
import { useGameRoom } from '../../store/gameRoom';
import { useSessionStore } from '../../store/session';

/** Follows a game over the socket while the component is mounted and answers the live store's state. */
export function useFollowGame(gameId: string | undefined) {
  const token = useSessionStore((s) => s.token);
  useEffect(() => {
    if (gameId) followGame(gameId);
  }, [gameId, token]);
  const game = useGameRoom((s) => (s.game && s.game.id === gameId ? s.game : null));
  const me = useGameRoom((s) => (s.gameId === gameId ? s.me : null));
  const online = useGameRoom((s) => s.online);
  const error = useGameRoom((s) => (s.gameId === gameId ? s.error : null));
  const status = useGameRoom((s) => s.status);
  return { game, me, online, error, status };
}
