import type { ReactNode } from 'react';
import type { TGameView, TMyCharacterResponse } from '@ss/protocol';
import { BottomBar, Page } from '../../components/Page';
import { HostBar } from './HostBar';
import { PrivacyShield } from '../privacy/PrivacyShield';
import { CoHostNotice } from '../table/CoHostPicker';
import { PinSheet } from '../seats/PinNotice';
import { HostAwayNotice } from '../table-live/HostAwayNotice';
import { HintCards } from '../host-kit/HintCards';

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
        <PinSheet playerId={me.gamePlayer.id} />
        <div className="flex flex-col gap-4 pt-3">
          <HostAwayNotice game={game} myId={me.gamePlayer.id} />
          {me.capabilities.drivePhases ? (
            <HostBar game={game} me={me} />
          ) : (
            <CoHostNotice game={game} myId={me.gamePlayer.id} />
          )}
          <HintCards game={game} />
          {children}
        </div>
      </Page>
      {bottom ? <BottomBar>{bottom}</BottomBar> : null}
      {/* Secrets are on every in-game screen until the game is over. */}
      <PrivacyShield enabled={game.status === 'in_progress'} />
    </>
  );
}
