import { useId } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ZTvNames, startReadiness, type TTvNames } from '@ss/protocol';
import { Info, Play, UserRound } from 'lucide-react';
import { Badge, Button, LoadingState, Select, Switch, TitledCard } from '../../components/ui';
import { BottomBar, Page, PageHeader } from '../../components/Page';
import { EmptyState, ErrorState } from '../../components/States';
import { HostHeader } from '../../features/dashboard/HostHeader';
import { HostGameError, HostGameLoading } from '../../features/host/HostScreenStates';
import { useFollowGame } from '../../features/game/useFollowGame';
import { gamesApi } from '../../features/game/gamesApi';
import { StatusBadge } from '../../features/game/StatusBadge';
import { CharacterCard } from '../../features/host/CharacterCard';
import { PhaseControl } from '../../features/host/PhaseControl';
import { assignmentErrorToast } from '../../features/host/assignErrors';
import { StartGameButton } from '../../features/host/StartGameButton';
import { DealAtRandomButton } from '../../features/table/DealAtRandomButton';
import { ApiRequestError, errorMessage } from '../../lib/api';
import { toast } from '../../store/toast';

/** What the table screen (open to anyone with the room code) shows of players' names. */
const TV_NAME_OPTIONS: { value: TTvNames; label: string }[] = [
  { value: 'first_names', label: 'First names' },
  { value: 'after_start', label: 'Nothing until the game starts, then first names' },
  { value: 'full_names', label: 'Names as typed' },
];

function limitNotice(limit: number): string {
  if (limit <= 10) return `Your tier unlocks ${limit} characters. Upgrade to the 11-15 player tier for 5 more.`;
  return `Your tier unlocks ${limit} characters. Upgrade to the 16-20 player tier for all 20.`;
}

export default function CharacterAssignmentPage() {
  const { gameId = '' } = useParams();
  const { game, error } = useFollowGame(gameId);
  const ids = useId();

  const expected = game?.expectedPlayers ?? null;
  const characters = useQuery({
    // The seat count is in the key: the cast grows as players join (the server sizes it to the seats taken).
    queryKey: ['characters', gameId, expected, game?.players.length ?? 0],
    queryFn: () => gamesApi.characters(gameId, expected ?? undefined),
    enabled: Boolean(game),
    staleTime: 0,
  });

  if (error && !game) return <HostGameError error={error} />;
  if (!game) return <HostGameLoading label="Loading the cast…" />;

  const setup = game.status === 'setup';
  const holderOf = new Map(game.players.filter((p) => p.characterId).map((p) => [p.characterId as string, p]));
  const unassigned = game.players.filter((p) => !p.characterId);
  // The engine's own start rules, on the public view: the toast says what the server would answer.
  const check = startReadiness(game);
  const limit = characters.data?.characterLimit ?? game.characterLimit;

  async function assign(playerId: string, characterId: string) {
    try {
      await gamesApi.assign(gameId, playerId, characterId);
    } catch (err) {
      toast({ ...assignmentErrorToast(err, 'assign'), variant: 'destructive' });
    }
  }
  async function unassign(playerId: string) {
    try {
      await gamesApi.unassign(gameId, playerId);
    } catch (err) {
      toast({ ...assignmentErrorToast(err, 'unassign'), variant: 'destructive' });
    }
  }
  async function setExpected(value: string) {
    try {
      await gamesApi.patch(gameId, { action: 'set-expected-players', expectedPlayers: Number(value) });
    } catch (err) {
      toast({ title: 'Could not change the player count', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    }
  }
  async function setFeedback(enabled: boolean) {
    try {
      await gamesApi.patch(gameId, { action: 'set-feedback-mode', enabled });
    } catch (err) {
      toast({ title: 'Could not change the setting', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    }
  }
  async function setTvNames(value: string) {
    const tvNames = ZTvNames.safeParse(value);
    if (!tvNames.success) return;
    try {
      await gamesApi.patch(gameId, { action: 'set-tv-names', tvNames: tvNames.data });
    } catch (err) {
      toast({ title: 'Could not change the setting', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    }
  }
  function blocked() {
    if (check.refusal) toast({ title: 'Cannot start game', description: check.refusal.message, variant: 'destructive' });
  }

  const expectedOptions = Array.from({ length: Math.max(0, limit - 2) }, (_, i) => {
    const n = i + 3;
    return { value: String(n), label: `${n} players` };
  });

  return (
    <>
      <HostHeader />
      <Page wide bottomBar={setup}>
        <PageHeader
          title="Assign Characters"
          subtitle={
            <span className="inline-flex flex-wrap items-center gap-2">
              {game.title} · code <span className="typewriter tracking-widest text-lamp-200">{game.joinCode}</span>
              <StatusBadge status={game.status} />
            </span>
          }
          back={{ to: `/host/${game.id}/lobby`, label: 'Back to Lobby' }}
        />

        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] [&>*]:min-w-0">
          <div className="flex flex-col gap-4">
            {/* Above the cards, so one tap deals the whole table without scrolling past them. */}
            {setup ? <DealAtRandomButton game={game} onDealt={() => void characters.refetch()} /> : null}
            {limit < 20 ? (
              <p className="flex items-start gap-2 rounded-xl border border-lamp-400/40 bg-lamp-400/10 p-3 text-sm text-paper-100" role="note">
                <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-lamp-300" />
                {limitNotice(limit)}
              </p>
            ) : null}

            {characters.isPending ? (
              <LoadingState label="Loading characters…" />
            ) : characters.isError ? (
              <ErrorState
                title={`Failed to load characters: ${characters.error instanceof ApiRequestError ? characters.error.status : 'network error'}`}
                action={
                  <Button variant="secondary" onClick={() => void characters.refetch()}>
                    Try again
                  </Button>
                }
              />
            ) : characters.data.characters.length === 0 ? (
              <EmptyState title="No characters available for this game." />
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Characters">
                {characters.data.characters.map((c) => (
                  <CharacterCard
                    key={c.id}
                    character={c}
                    holder={holderOf.get(c.id) ?? null}
                    unassignedPlayers={unassigned}
                    disabled={!setup}
                    onAssign={(playerId) => assign(playerId, c.id)}
                    onUnassign={unassign}
                  />
                ))}
              </ul>
            )}
          </div>

          <aside className="flex flex-col gap-4">
            {!setup ? <PhaseControl game={game} /> : null}
            <TitledCard
              title={<>Unassigned players <span className="text-paper-300">({unassigned.length})</span></>}
            >
              {unassigned.length === 0 ? (
                <p className="text-paper-300">Every player has a character.</p>
              ) : (
                <ul className="flex flex-col gap-2" data-testid="unassigned-players">
                  {unassigned.map((p) => (
                    <li key={p.id} className="flex items-center gap-2 text-paper-100">
                      <UserRound aria-hidden className="size-5 text-paper-400" />
                      {p.displayName}
                      {p.isHost ? <Badge variant="lamp">Host</Badge> : null}
                    </li>
                  ))}
                </ul>
              )}
            </TitledCard>
            <TitledCard title="Game settings" contentClassName="flex flex-col gap-5">
              <div className="flex flex-col gap-1.5">
                <label id={`${ids}-expected`} className="text-sm font-semibold text-paper-100">
                  Expected players
                </label>
                <Select
                  aria-labelledby={`${ids}-expected`}
                  value={expected ? String(expected) : ''}
                  onValueChange={(v) => void setExpected(v)}
                  options={expectedOptions}
                  placeholder="Choose how many will play"
                  disabled={!setup}
                />
                <p className="text-sm text-paper-300">Shows the right characters for your group (3 to {limit}).</p>
              </div>
              <div className="flex items-start justify-between gap-4">
                <div>
                  <label htmlFor={`${ids}-feedback`} className="font-semibold text-paper-100">
                    Daily Suspicion Feedback
                  </label>
                  <p className="text-sm text-paper-300">
                    Players record whom they suspect each day, to help us improve the storyline.
                    {game.amountPaidCents === 0 ? ' On automatically for free games.' : ''}
                  </p>
                </div>
                <Switch
                  id={`${ids}-feedback`}
                  checked={game.feedbackMode}
                  onCheckedChange={(v) => void setFeedback(v)}
                  disabled={game.status === 'completed'}
                />
              </div>
              <div className="flex flex-col gap-1.5">
                <label id={`${ids}-tv-names`} className="text-sm font-semibold text-paper-100">
                  Names on the table screen
                </label>
                <Select
                  aria-labelledby={`${ids}-tv-names`}
                  value={game.tvNames}
                  onValueChange={(v) => void setTvNames(v)}
                  options={TV_NAME_OPTIONS}
                />
                <p className="text-sm text-paper-300">Anyone with the room code can open the table screen.</p>
              </div>
            </TitledCard>
          </aside>
        </div>
      </Page>

      {setup ? (
        <BottomBar>
          <p className="text-center text-sm text-paper-300" role="status" data-testid="start-status">
            {game.players.length - unassigned.length} of {game.players.length} players have a character
            {check.missingPlayers > 0 ? ` · ${check.missingPlayers} more needed` : ''}
          </p>
          {!check.refusal ? (
            <StartGameButton gameId={game.id} />
          ) : (
            <Button size="lg" block aria-disabled="true" onClick={blocked}>
              <Play aria-hidden className="size-5" /> Start Game
            </Button>
          )}
        </BottomBar>
      ) : null}
    </>
  );
}
