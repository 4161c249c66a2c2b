import { useParams } from 'react-router-dom';
import { Hourglass, UserCheck } from 'lucide-react';
import { ButtonLink, LoadingState, TitledCard } from '../../components/ui';
import { BottomBar, Page } from '../../components/Page';
import { Brand } from '../../features/layout/Brand';
import { useFollowGame } from '../../features/game/useFollowGame';
import { usePlayRedirect } from '../../features/game/usePlayRedirect';
import { useWakeLock } from '../../features/game/useWakeLock';
import { PlayErrorPage } from '../../features/game/PlayErrorPage';
import { PlayerList } from '../../features/host/PlayerList';
import { withSession } from '../../lib/session';
import { PinSheet } from '../../features/seats/PinNotice';
import { usePreloadHomepage } from '../../features/play/usePlayGame';

/** The player's waiting screen: who is here, the character once the host assigns it; moves on when the host starts. */
export default function PlayerLobbyPage() {
  const { gameId = '' } = useParams();
  const { game, me, online, error } = useFollowGame(gameId);
  usePlayRedirect(game, me);
  useWakeLock();
  usePreloadHomepage(gameId, game?.status === 'setup');

  if (error && !game) return <PlayErrorPage error={error} />;
  if (!game) return <LoadingState label="Joining the game…" />;

  const character = me?.character ?? null;
  const myName = me?.gamePlayer.displayName;

  return (
    <>
      <Page bottomBar>
        <header className="flex justify-center py-3">
          <Brand />
        </header>
        {me ? <PinSheet playerId={me.gamePlayer.id} /> : null}
        <div className="flex flex-col gap-4">
          <div className="text-center">
            <p className="typewriter text-sm tracking-widest text-lamp-300 uppercase">{game.title}</p>
            <h1 className="font-display text-3xl font-bold text-paper-50">
              {myName ? `You’re in, ${myName}!` : 'You’re in!'}
            </h1>
            <p className="mt-1 flex items-center justify-center gap-2 text-paper-300" role="status">
              <Hourglass aria-hidden className="size-4 text-lamp-400" />
              Waiting for the host to start the game
            </p>
          </div>

          <TitledCard data-testid="my-assignment" title="Your character">
            {character ? (
              <div className="flex items-center gap-4" aria-live="polite">
                <img
                  src={character.imageUrl}
                  alt={character.imageAlt || character.name}
                  className="size-20 rounded-lg bg-ink-700 object-cover"
                />
                <div>
                  <p className="flex items-center gap-2 font-display text-xl font-bold text-paper-50">
                    <UserCheck aria-hidden className="size-5 text-moss-300" />
                    <span data-testid="my-character-name">{character.name}</span>
                  </p>
                  <p className="text-paper-300">{character.profession}</p>
                </div>
              </div>
            ) : (
              <p className="text-paper-200" aria-live="polite">
                The host hasn’t given you a character yet. It will appear here as soon as they do.
              </p>
            )}
          </TitledCard>

          <TitledCard
            title={
              <>
                Players <span className="text-paper-300">({game.players.length})</span>
              </>
            }
          >
            <PlayerList players={game.players} online={online} />
          </TitledCard>
        </div>
      </Page>
      <BottomBar>
        {character ? (
          <ButtonLink to={withSession(`/play/${game.id}/character`)} size="lg" block>
            Meet Your Character
          </ButtonLink>
        ) : (
          <ButtonLink to="/how-to-play" variant="secondary" size="lg" block>
            How to Play
          </ButtonLink>
        )}
      </BottomBar>
    </>
  );
}
