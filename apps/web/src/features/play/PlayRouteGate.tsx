import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { PlayGate, type PlayContext } from './PlayGate';
import { usePlayGame } from './usePlayGame';

/** An in-game page: the room named by the route's :gameId, followed live, gates the page's screen. */
export function PlayRouteGate({
  loadingLabel,
  completedTo,
  children,
}: {
  loadingLabel?: string;
  /** Where the game's completion sends the phone; null keeps it on this screen (see useFollowHost). */
  completedTo?: string | null;
  children: (ctx: PlayContext) => ReactNode;
}) {
  const { gameId = '' } = useParams();
  const { game, me, error } = usePlayGame(gameId, { completedTo });
  return (
    <PlayGate game={game} me={me} error={error} loadingLabel={loadingLabel}>
      {children}
    </PlayGate>
  );
}
