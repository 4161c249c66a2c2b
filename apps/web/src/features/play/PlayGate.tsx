import type { ReactNode } from 'react';
import type { TGameView, TMyCharacterResponse, TPrivateCharacter } from '@ss/protocol';
import { LoadingState } from '../../components/ui';
import { PlayErrorPage } from '../game/PlayErrorPage';
import type { RoomError } from '../../store/gameRoom';
import { NoCharacterPage } from './NoCharacterPage';

export interface PlayContext {
  game: TGameView;
  me: TMyCharacterResponse;
  character: TPrivateCharacter;
}

/**
 * The loading, error and "no character" states every in-game screen shares; renders children once the game,
 * the caller's player and character are known.
 */
export function PlayGate({
  game,
  me,
  error,
  loadingLabel = 'Opening the case file…',
  children,
}: {
  game: TGameView | null;
  me: TMyCharacterResponse | null;
  error: RoomError | null;
  loadingLabel?: string;
  children: (ctx: PlayContext) => ReactNode;
}) {
  if (error && !game) return <PlayErrorPage error={error} />;
  if (!game || !me) return <LoadingState label={loadingLabel} />;
  if (!me.hasAccess || !me.character) return <NoCharacterPage gameId={game.id} />;
  return <>{children({ game, me, character: me.character })}</>;
}
