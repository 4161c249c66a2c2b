import { useParams } from 'react-router-dom';
import { Play, Share2, UsersRound, Clock } from 'lucide-react';
import { Button, ButtonLink, Card, CardContent, CardHeader, CardTitle, ConfirmDialog } from '../../components/ui';
import { Page, PageHeader } from '../../components/Page';
import { HostHeader } from '../../features/dashboard/HostHeader';
import { HostGameError, HostGameLoading } from '../../features/host/HostScreenStates';
import { useFollowGame } from '../../features/game/useFollowGame';
import { StatusBadge } from '../../features/game/StatusBadge';
import { ShareGame } from '../../features/host/ShareGame';
import { PlayerList } from '../../features/host/PlayerList';
import { PhaseControl } from '../../features/host/PhaseControl';
import { startCheck } from '../../features/host/startRules';
import { useStartGame } from '../../features/host/useStartGame';

export default function HostLobbyPage() {
  const { gameId = '' } = useParams();
  const { game, online, error } = useFollowGame(gameId);
  const start = useStartGame(gameId);

  if (error && !game) return <HostGameError error={error} />;
  if (!game) return <HostGameLoading label="Opening the lobby…" />;

  const check = startCheck(game);
  const assigned = game.players.filter((p) => p.characterId).length;

  return (
    <>
      <HostHeader />
      <Page wide bottomBar={check.allowed}>
        <PageHeader
          title={game.title}
          subtitle={
            <span className="inline-flex flex-wrap items-center gap-2">
              Host lobby <StatusBadge status={game.status} />
            </span>
          }
          back={{ to: '/host/dashboard', label: 'Dashboard' }}
        />
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)] [&>*]:min-w-0">
          <div className="flex flex-col gap-4">
            {game.status === 'setup' ? (
              <>
                <Card>
                  <CardHeader>
                    <p className="typewriter text-sm tracking-widest text-lamp-300 uppercase">Step One</p>
                    <CardTitle className="flex items-center gap-2">
                      <Share2 aria-hidden className="size-5 text-lamp-400" /> Share Game
                    </CardTitle>
                  </CardHeader>
                  <CardContent>
                    <ShareGame joinCode={game.joinCode} title={game.title} />
                  </CardContent>
                </Card>
                <Card>
                  <CardHeader>
                    <p className="typewriter text-sm tracking-widest text-lamp-300 uppercase">Step Two</p>
                    <CardTitle className="flex items-center gap-2">
                      <UsersRound aria-hidden className="size-5 text-lamp-400" /> Assign Characters
                    </CardTitle>
                  </CardHeader>
                  <CardContent className="flex flex-col gap-3">
                    <p className="text-paper-200">
                      {assigned} of {game.players.length} player{game.players.length === 1 ? '' : 's'} have a character.
                      Give one to everyone, yourself included: the host plays too.
                    </p>
                    <ButtonLink to={`/host/${game.id}/character-assignment`} size="lg" block>
                      Assign Characters
                    </ButtonLink>
                  </CardContent>
                </Card>
              </>
            ) : (
              <>
                <PhaseControl game={game} />
                <ButtonLink to={`/play/${game.id}/homepage`} variant="secondary" size="lg" block>
                  Open My Character
                </ButtonLink>
              </>
            )}
            <p className="flex items-start gap-2 text-sm text-paper-300">
              <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
              Plan for 45-60 min per sitting: 3 investigation phases (the story days, the suspect vote and the final
              vote). {game.storyline.minPlayersReason || `At least ${game.minPlayers} players are needed to start.`}
            </p>
          </div>
          <Card>
            <CardHeader>
              <CardTitle>
                Players <span className="text-paper-300">({game.players.length})</span>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <PlayerList players={game.players} online={online} />
              {game.status === 'setup' && game.players.length < game.minPlayers ? (
                <p className="mt-3 text-sm text-paper-300" role="status">
                  Waiting for {game.minPlayers - game.players.length} more player(s) to join…
                </p>
              ) : null}
            </CardContent>
          </Card>
        </div>
      </Page>
      {game.status === 'setup' && check.allowed ? (
        <div className="fixed inset-x-0 bottom-0 z-30 border-t border-ink-600 bg-ink-900/95 px-safe pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur">
          <div className="mx-auto max-w-2xl">
            <ConfirmDialog
              title="Start the game?"
              description="Everyone moves to their character homepage. No more players can join once the game has started."
              confirmLabel="Start Game"
              onConfirm={start}
              trigger={
                <Button size="lg" block>
                  <Play aria-hidden className="size-5" /> Start Game
                </Button>
              }
            />
          </div>
        </div>
      ) : null}
    </>
  );
}
