import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { ButtonLink, LoadingState, TitledCard } from '../components/ui';
import { Page, PageHeader } from '../components/Page';
import { ErrorState } from '../components/States';
import { TeamBadge } from '../features/game/TeamBadge';
import { KillerRevealCard, VerdictBanner } from '../features/voting/Verdict';
import { votingApi, votingKeys } from '../features/voting/votingApi';
import { Badge } from '../components/ui';
import { selectSignedIn, useSessionStore } from '../store/session';
import { Refusal } from '@ss/protocol';
import { ApiRequestError } from '../lib/api';

function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' });
}

/** Game results (/games/:gameId/results): the verdict, who played what, and how the village voted. */
export default function GameResultsPage() {
  const { gameId = '' } = useParams();
  const q = useQuery({ queryKey: votingKeys.results(gameId), queryFn: () => votingApi.results(gameId), enabled: Boolean(gameId) });
  // A signed-in host goes back to the dashboard; a player (no account) goes home, never to the host sign-in.
  const host = useSessionStore(selectSignedIn);
  const back = host ? { to: '/dashboard', label: 'Back to Dashboard' } : { to: '/', label: 'Back to Home' };

  if (q.isPending) {
    return (
      <Page>
        <PageHeader title="Game Results" back={back} />
        <LoadingState label="Loading the results…" />
      </Page>
    );
  }
  if (q.isError) {
    return (
      <Page>
        <PageHeader title="Game Results" back={back} />
        <ErrorState
          title="Results Not Available"
          message={
            q.error instanceof ApiRequestError && q.error.reason === Refusal.REVEAL_PENDING
              ? 'The results open when the host reveals the killer to the room.'
              : 'This game has not finished yet, or you did not take part in it.'
          }
          action={<ButtonLink to={back.to}>{back.label}</ButtonLink>}
        />
      </Page>
    );
  }
  const r = q.data;
  const accused = r.accusedKiller ? `${r.accusedKiller.characterName ?? r.accusedKiller.playerName} (${r.accusedKiller.playerName})` : null;
  const killer = r.finalKiller ? `${r.finalKiller.characterName} (${r.finalKiller.playerName})` : null;
  const votes = Object.entries(r.finalVotes).sort((a, b) => b[1] - a[1]);

  return (
    <Page>
      <PageHeader title="Game Results" subtitle={r.title} back={back} />
      <div className="flex flex-col gap-4">
        <ButtonLink to={`/games/${r.gameId}/replay`} variant="secondary" block data-testid="open-replay">
          Case-file replay: every day, clue by clue
        </ButtonLink>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div className="rounded-lg border border-ink-600 bg-ink-800 p-3">
            <dt className="text-paper-300">Completed</dt>
            <dd className="font-semibold text-paper-50">{formatDate(r.completedAt)}</dd>
          </div>
          <div className="rounded-lg border border-ink-600 bg-ink-800 p-3">
            <dt className="text-paper-300">Game code</dt>
            <dd className="typewriter text-lg text-paper-50">{r.joinCode}</dd>
          </div>
        </dl>
        <VerdictBanner seekersWon={r.winningTeam === 'seekers'} accused={accused} />

        <TitledCard
          data-testid="accused-vs-killer"
          title="Accused vs Killer"
          contentClassName="flex flex-col gap-2 text-paper-200"
        >
          <p>
            Accused: <strong className="text-paper-50">{accused ?? 'Nobody'}</strong>
          </p>
          <p>
            Actual killer: <strong className="text-paper-50">{killer ?? 'Unknown'}</strong>
          </p>
          {r.caseTitle ? (
            <p data-testid="case-title">
              The case: <strong className="text-paper-50">{r.caseTitle}</strong>
              {r.caseMotive ? <span className="block text-sm">Motive: {r.caseMotive}</span> : null}
              {r.caseMethod ? <span className="block text-sm">Method: {r.caseMethod}</span> : null}
            </p>
          ) : null}
          <p className={r.killerCorrect ? 'flex items-center gap-2 font-bold text-moss-300' : 'flex items-center gap-2 font-bold text-blood-300'} data-testid="killer-correct">
            {r.killerCorrect ? <CheckCircle2 aria-hidden className="size-5" /> : <XCircle aria-hidden className="size-5" />}
            {r.killerCorrect ? 'CORRECT' : 'INCORRECT'}
          </p>
        </TitledCard>

        {r.killerRevealStory ? <KillerRevealCard killer={killer} story={r.killerRevealStory} /> : null}

        <TitledCard title="Player Performance">
          <ul className="flex flex-col gap-2" data-testid="player-results">
            {r.playerResults.map((p) => (
              <li key={p.playerId} className="flex flex-wrap items-center gap-2 rounded-lg border border-ink-600 bg-ink-900/60 px-3 py-2">
                <span className="min-w-0 flex-1 basis-40">
                  <span className="block font-semibold break-words text-paper-50">{p.playerName}</span>
                  <span className="block text-sm break-words text-paper-300">{p.characterName ?? 'No character'}</span>
                </span>
                {p.team ? <TeamBadge team={p.team} /> : null}
                {p.isKiller ? <Badge variant="danger">Killer</Badge> : null}
                <Badge variant={p.isWinner ? 'success' : 'muted'}>{p.isWinner ? 'Winner' : 'Lost'}</Badge>
              </li>
            ))}
          </ul>
        </TitledCard>

        <TitledCard title="Voting Summary">
          {votes.length ? (
            <ul className="flex flex-col gap-1 text-paper-200">
              {votes.map(([name, n]) => (
                <li key={name} className="flex justify-between gap-2 border-b border-ink-700 py-1.5">
                  <span className="min-w-0 break-words">{name}</span>
                  <span className="shrink-0 font-semibold text-paper-50">
                    {n} vote{n === 1 ? '' : 's'}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-paper-300">No final votes were cast.</p>
          )}
        </TitledCard>
        <ButtonLink to="/" variant="secondary" size="lg" block>
          Return to Main Menu
        </ButtonLink>
      </div>
    </Page>
  );
}
