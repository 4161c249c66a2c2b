import type { ReactNode } from 'react';
import type { TGameView, TMyCharacterResponse, TPrivateCharacter } from '@ss/protocol';
import { ButtonLink, LoadingState } from '../../components/ui';
import { Page } from '../../components/Page';
import { EmptyState } from '../../components/States';
import { PlayErrorState } from '../game/PlayErrorState';
import type { RoomError } from '../../store/gameRoom';
import { withSession } from '../../lib/session';

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
  if (error && !game) {
    return (
      <Page>
        <div className="pt-10">
          <PlayErrorState error={error} />
        </div>
      </Page>
    );
  }
  if (!game || !me) return <LoadingState label={loadingLabel} />;
  if (!me.hasAccess || !me.character) {
    return (
      <Page>
        <div className="pt-10">
          <EmptyState
            title="No Character Assigned"
            message="Please wait for the host to assign you a character. This screen updates by itself."
            action={
              <ButtonLink to={withSession(`/play/${game.id}/lobby`)} variant="secondary">
                Back to the Lobby
              </ButtonLink>
            }
          />
        </div>
      </Page>
    );
  }
  return <>{children({ game, me, character: me.character })}</>;
}
