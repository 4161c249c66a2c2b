import type { ReactNode } from 'react';
import type { TGameView, TMyCharacterResponse } from '@ss/protocol';
import { BottomBar, Page } from '../../components/Page';
import { HostBar } from './HostBar';

/** Page frame of an in-game screen: the host's bar on top, content, and an optional action bar in thumb reach. */
export function PlayFrame({
  game,
  me,
  children,
  bottom,
}: {
  game: TGameView;
  me: TMyCharacterResponse;
  children: ReactNode;
  bottom?: ReactNode;
}) {
  return (
    <>
      <Page bottomBar={Boolean(bottom)}>
        <div className="flex flex-col gap-4 pt-3">
          {me.gamePlayer.isHost ? <HostBar game={game} /> : null}
          {children}
        </div>
      </Page>
      {bottom ? <BottomBar>{bottom}</BottomBar> : null}
    </>
  );
}
