import { useParams } from 'react-router-dom';
import { startReadiness } from '@ss/protocol';
import { Share2, UsersRound, Clock, Tv } from 'lucide-react';
import { ButtonLink, TitledCard } from '../../components/ui';
import { BottomBar, Page, PageHeader } from '../../components/Page';
import { HostHeader } from '../../features/dashboard/HostHeader';
import { HostGameError, HostGameLoading } from '../../features/host/HostScreenStates';
import { useFollowGame } from '../../features/game/useFollowGame';
import { usePreloadHomepage } from '../../features/play/usePlayGame';
import { StatusBadge } from '../../features/game/StatusBadge';
import { ShareGame } from '../../features/host/ShareGame';
import { PlayerList } from '../../features/host/PlayerList';
import { PhaseControl } from '../../features/host/PhaseControl';
import { StartGameButton } from '../../features/host/StartGameButton';
import { useStorylines } from '../../features/storylines/queries';
import { assignedSentence } from '../../features/host/assignedSentence';

/** The table screen for a laptop or TV: it opens in a new tab and needs no login (the room code is enough). */
function TableScreenLink({ joinCode }: { joinCode: string }) {
  return (
    <a
      href={`/tv/${encodeURIComponent(joinCode)}`}
      target="_blank"
      rel="noopener"
      className="inline-flex min-h-11 items-center gap-2 self-start font-semibold text-lamp-300 underline"
      data-testid="table-screen-link"
    >
      <Tv aria-hidden className="size-4" /> Open the table screen (for a TV or laptop)
    </a>
  );
}
import { RejoinRequests } from '../../features/seats/RejoinRequests';
import { MoveSeatDialog } from '../../features/seats/MoveSeatDialog';
import { CoHostPicker } from '../../features/table/CoHostPicker';
import { HostGuideButton } from '../../features/host-kit/HostGuideButton';
import { DealAtRandomButton } from '../../features/table/DealAtRandomButton';

export default function HostLobbyPage() {
  const { gameId = '' } = useParams();
  const { game, online, error } = useFollowGame(gameId);
  usePreloadHomepage(gameId, game?.status === 'setup');
  const storylines = useStorylines();

  if (error && !game) return <HostGameError error={error} />;
  if (!game) return <HostGameLoading label="Opening the lobby…" />;

  const ready = !startReadiness(game).refusal;
  const assigned = game.players.filter((p) => p.characterId).length;
  // Duration and day count are the storyline's own (never a generic estimate).
  const storyline = storylines.data?.find((s) => s.id === game.storylineId) ?? null;

  return (
    <>
      <HostHeader />
      <Page wide bottomBar={ready}>
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
                {/* The characters first: the host's next move once the players are in, within the first screen. */}
                <TitledCard
                  data-testid="lobby-characters"
                  title={<><UsersRound aria-hidden className="size-5 text-lamp-400" /> Characters</>}
                  titleClassName="flex items-center gap-2"
                  contentClassName="flex flex-col gap-3"
                >
                  <p className="text-paper-200">
                    {assignedSentence(assigned, game.players.length)}{' '}
                    Give one to everyone, yourself included: the host plays too.
                  </p>
                  <DealAtRandomButton game={game} />
                  <ButtonLink to={`/host/${game.id}/character-assignment`} variant="secondary" size="lg" block>
                    Assign Characters
                  </ButtonLink>
                </TitledCard>
                <TitledCard
                  title={<><Share2 aria-hidden className="size-5 text-lamp-400" /> Share Game</>}
                  titleClassName="flex items-center gap-2"
                  contentClassName="flex flex-col gap-3"
                >
                  <ShareGame joinCode={game.joinCode} title={game.title} />
                  <TableScreenLink joinCode={game.joinCode} />
                  <HostGuideButton storylineId={game.storylineId} size="lg" />
                </TitledCard>
              </>
            ) : (
              <>
                <PhaseControl game={game} />
                <TableScreenLink joinCode={game.joinCode} />
                <ButtonLink to={`/play/${game.id}/homepage`} variant="secondary" size="lg" block>
                  Open My Character
                </ButtonLink>
              </>
            )}
            <p className="flex items-start gap-2 text-sm text-paper-300" data-testid="lobby-plan">
              <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
              {storyline
                ? `Plan for ${storyline.duration}: ${storyline.phasesJson.length} story days, then the suspect vote and the final vote.`
                : 'The story days, then the suspect vote and the final vote.'}{' '}
              {game.storyline.minPlayersReason || `At least ${game.minPlayers} players are needed to start.`}
            </p>
          </div>
          <TitledCard
            title={<>Players <span className="text-paper-300">({game.players.length})</span></>}
            contentClassName="flex flex-col gap-3"
          >
            <RejoinRequests game={game} />
            <PlayerList players={game.players} online={online} removeFrom={game.status === 'setup' ? game.id : undefined} />
            <div className="flex flex-wrap gap-2">
              <MoveSeatDialog game={game} />
              {game.status !== 'completed' ? <CoHostPicker game={game} /> : null}
            </div>
            {game.status === 'setup' && game.players.length < game.minPlayers ? (
              <p className="mt-3 text-sm text-paper-300" role="status">
                Waiting for {game.minPlayers - game.players.length} more player(s) to join…
              </p>
            ) : null}
          </TitledCard>
        </div>
      </Page>
      {ready ? (
        <BottomBar>
          <StartGameButton gameId={game.id} />
        </BottomBar>
      ) : null}
    </>
  );
}
