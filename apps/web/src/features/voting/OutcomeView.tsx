import { useQuery } from '@tanstack/react-query';
import { ClipboardList, Hourglass } from 'lucide-react';
import { ButtonLink, Card, CardContent, CardHeader, CardTitle, LoadingState } from '../../components/ui';
import { Progress } from './Progress';
import { ErrorState } from '../../components/States';
import { withSession } from '../../lib/session';
import { PlayFrame } from '../play/PlayFrame';
import type { PlayContext } from '../play/PlayGate';
import { ConsequencesCard, SearchWarrantEvidence, TopSuspectsCard } from './TopSuspects';
import { topSuspectsFromView } from './topSuspectsFromView';
import { useDelayedReveal } from './useDelayedReveal';
import { votingApi, votingKeys } from './votingApi';

/** Outcome of the suspect vote: waits for every ballot (live count), then reveals the top 3 and the warrants. */
export function OutcomeView({ game, me, character }: PlayContext) {
  const suspectVoting = game.suspectVoting;
  const serverRevealed = Boolean(suspectVoting.topSuspects);
  const revealed = useDelayedReveal(serverRevealed);
  const top = topSuspectsFromView(game);
  // Asked for as soon as the server has revealed (during the pause, on a phone that waited), so the warrants are
  // usually here when the pause ends; what is shown still waits for `revealed`.
  const q = useQuery({
    queryKey: votingKeys.votingResults(game.id, serverRevealed),
    queryFn: () => votingApi.votingResults(game.id),
    enabled: serverRevealed,
  });
  const voteLost = game.players.find((p) => p.id === me.gamePlayer.id)?.voteLost ?? me.gamePlayer.voteLost;
  const finalVoteLink = withSession(`/play/${game.id}/final-vote`);

  return (
    <PlayFrame
      game={game}
      me={me}
      bottom={
        revealed ? (
          <ButtonLink to={finalVoteLink} size="lg" block>
            {voteLost ? 'Witness Final Accusations' : 'Vote for the Killer'}
          </ButtonLink>
        ) : null
      }
    >
      <header>
        <p className="typewriter text-sm tracking-widest text-lamp-300 uppercase">Suspect vote</p>
        <h1 className="font-display text-3xl font-bold text-paper-50">Outcome</h1>
      </header>

      {!revealed ? (
        <Card data-testid="waiting-votes">
          <CardContent className="flex flex-col items-center gap-3 pt-5 text-center">
            <Hourglass aria-hidden className="size-8 animate-pulse text-lamp-400 motion-reduce:animate-none" />
            <h2 className="font-display text-2xl font-bold text-paper-50">Waiting for All Votes</h2>
            <p className="text-paper-200" role="status" aria-live="polite" data-testid="votes-count">
              {suspectVoting.submittedCount} of {suspectVoting.eligibleCount} votes submitted
            </p>
            <Progress value={suspectVoting.eligibleCount ? (suspectVoting.submittedCount / suspectVoting.eligibleCount) * 100 : 0} label="Votes submitted" />
            {game.phase.kind === 'homepage' || game.phase.kind === 'day' ? <p className="text-sm text-paper-300">Suspect voting has not opened yet.</p> : null}
            {serverRevealed ? <p className="font-semibold text-lamp-200">All votes are in. Opening the envelopes…</p> : null}
          </CardContent>
        </Card>
      ) : (
        <>
          {/* The top 3 come with the push; only the warrants' finds (and the detective's counts) wait for REST. */}
          {top ? <TopSuspectsCard suspects={top} /> : null}
          <ConsequencesCard />
          {q.isPending ? (
            <LoadingState label="Serving the search warrants…" />
          ) : q.isError ? (
            <ErrorState title="Could not load the voting results" message="Check your connection; the results are kept on the server." />
          ) : (
            <SearchWarrantEvidence suspects={q.data.topSuspects} />
          )}
          {character.isDetective && q.data ? (
            <Card className="border-seeker/60" data-testid="detective-report">
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <ClipboardList aria-hidden className="size-5 text-seeker" /> Detective&apos;s Full Report
                </CardTitle>
              </CardHeader>
              <CardContent>
                <table className="w-full text-left text-paper-200">
                  <caption className="sr-only">Every suspect vote count</caption>
                  <thead>
                    <tr className="border-b border-ink-600 text-sm text-paper-300">
                      <th scope="col" className="py-1.5">Suspect</th>
                      <th scope="col" className="py-1.5 text-right">Votes</th>
                    </tr>
                  </thead>
                  <tbody>
                    {q.data.suspectVotes.map((v) => (
                      <tr key={v.playerId} className="border-b border-ink-700">
                        <td className="py-1.5">
                          {v.character?.name ?? v.playerName} <span className="text-paper-300">({v.playerName})</span>
                        </td>
                        <td className="py-1.5 text-right font-semibold text-paper-50">{v.voteCount}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row" className="pt-2">Total votes</th>
                      <td className="pt-2 text-right font-bold text-paper-50" data-testid="detective-total">
                        {q.data.suspectVotes.reduce((n, v) => n + v.voteCount, 0)}
                      </td>
                    </tr>
                  </tfoot>
                </table>
                <p className="mt-2 text-sm text-paper-300">{q.data.totalVotes} ballots cast.</p>
              </CardContent>
            </Card>
          ) : null}
        </>
      )}
    </PlayFrame>
  );
}
