import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, FileText, Hourglass, Lock, Mic, MessageSquareHeart, ShieldOff, Trophy } from 'lucide-react';
import { Phase, type TGameView, type TPublicPlayer } from '@ss/protocol';
import { Badge, Button, ButtonLink, Card, CardContent, CardDescription, CardHeader, CardTitle, LoadingState } from '../../components/ui';
import { ErrorState } from '../../components/States';
import { ApiRequestError, errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { toast } from '../../store/toast';
import { gamesApi } from '../game/gamesApi';
import { FeedbackModal, ReportRequestDialog } from '../feedback';
import { PlayFrame } from '../play/PlayFrame';
import { QuickRules } from '../play/QuickRules';
import type { PlayContext } from '../play/PlayGate';
import { DefenceTimer } from './DefenceTimer';
import { PlayerLabel } from './PlayerLabel';
import { KillerRevealCard, VerdictBanner } from './Verdict';
import { VotingBreakdown } from './VotingBreakdown';
import { hasVoted, markVoted } from './markers';
import { useDelayedReveal } from './useDelayedReveal';
import { votingApi, votingKeys } from './votingApi';

type Stage = 'defence' | 'voting' | 'waiting' | 'results';

function topSuspectPlayers(game: TGameView): TPublicPlayer[] {
  const byId = new Map(game.players.map((p) => [p.id, p]));
  return (game.suspectVoting.topSuspects ?? []).flatMap((t) => {
    const p = byId.get(t.playerId);
    return p ? [p] : [];
  });
}

function Counters({ game }: { game: TGameView }) {
  const eligible = game.players.filter((p) => !p.voteLost).length;
  const cannot = game.players.length - eligible;
  return (
    <dl className="grid grid-cols-2 gap-2">
      <div className="rounded-lg border border-ink-600 bg-ink-900/60 p-3 text-center">
        <dd className="font-display text-2xl font-bold text-paper-50" data-testid="eligible-voters">{eligible}</dd>
        <dt className="text-sm text-paper-300">Eligible Voters</dt>
      </div>
      <div className="rounded-lg border border-ink-600 bg-ink-900/60 p-3 text-center">
        <dd className="font-display text-2xl font-bold text-paper-50">{cannot}</dd>
        <dt className="text-sm text-paper-300">Suspects Can&apos;t Vote</dt>
      </div>
    </dl>
  );
}

function DefenceStage({ game, isHost, onBegin }: { game: TGameView; isHost: boolean; onBegin: () => void }) {
  const suspects = topSuspectPlayers(game);
  async function start(p: TPublicPlayer) {
    try {
      await gamesApi.patch(game.id, { action: 'start-defence', suspectPlayerId: p.id });
    } catch (err) {
      toast({ title: 'Could not start the defence', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    }
  }
  return (
    <>
      <div className="flex items-start gap-3 rounded-xl border-2 border-lamp-400 bg-lamp-400/15 p-4" data-testid="defence-notice">
        <Mic aria-hidden className="mt-0.5 size-6 shrink-0 text-lamp-300" />
        <div>
          <h2 className="font-display text-xl font-bold text-lamp-200">Suspect Defense Phase - 2 Minutes Each</h2>
          <p className="text-paper-100">Each suspect speaks for exactly 2 minutes, uninterrupted. Listen, then vote.</p>
        </div>
      </div>
      <DefenceTimer defence={game.defence} players={game.players} />
      <Card>
        <CardHeader>
          <CardTitle>The Suspects</CardTitle>
          {isHost ? <CardDescription>Start each suspect&apos;s 2 minutes; every phone shows the same clock.</CardDescription> : null}
        </CardHeader>
        <CardContent>
          <ul className="flex flex-col gap-2">
            {suspects.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-ink-600 bg-ink-900/60 px-3 py-2">
                <span className="min-w-0 flex-1">
                  <PlayerLabel player={p} />
                </span>
                {isHost ? (
                  <Button
                    variant="outline"
                    onClick={() => void start(p)}
                    disabled={Boolean(game.defence)}
                    aria-label={`Start defence: ${p.character?.name ?? p.displayName}`}
                  >
                    <Mic aria-hidden className="size-4" /> Start defence
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <Button size="lg" block onClick={onBegin}>
        Begin Defense Statements
      </Button>
    </>
  );
}

function VotingStage({ game, myId, onVoted }: { game: TGameView; myId: string; onVoted: () => void }) {
  const [choice, setChoice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const options = game.players.filter((p) => p.id !== myId);

  async function cast() {
    if (busy) return;
    if (!choice) {
      toast({ title: 'No Selection', description: 'Please select who you believe is the killer.', variant: 'destructive', duration: 3000 });
      return;
    }
    setBusy(true);
    try {
      await votingApi.castFinalVote(game.id, choice);
      markVoted('final', game.id, myId);
      onVoted();
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 409 && /already cast/i.test(err.serverMessage ?? '')) {
        markVoted('final', game.id, myId);
        onVoted();
        return;
      }
      toast({ title: 'Error', description: 'Failed to submit vote. Please try again.', variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <>
      <Counters game={game} />
      <fieldset className="flex flex-col gap-2" data-testid="final-vote-options">
        <legend className="mb-2 font-display text-2xl font-bold text-paper-50">Who is the killer?</legend>
        {options.map((p) => {
          const checked = choice === p.id;
          return (
            <label
              key={p.id}
              className={cn(
                'flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-lamp-300',
                checked ? 'border-lamp-400 bg-lamp-400/10' : 'border-ink-600 bg-ink-900/60',
              )}
            >
              <input
                type="radio"
                name="final-suspect"
                value={p.id}
                checked={checked}
                onChange={() => setChoice(p.id)}
                className="size-5 shrink-0 accent-[var(--color-lamp-400)]"
              />
              <span className="min-w-0 flex-1">
                <PlayerLabel player={p} />
              </span>
              {p.voteLost ? <Badge variant="danger">Suspect</Badge> : null}
            </label>
          );
        })}
      </fieldset>
      <p className="flex items-start gap-2 rounded-lg border border-blood-400/60 bg-blood-700/20 p-3 text-paper-100" data-testid="final-warning">
        <AlertTriangle aria-hidden className="mt-0.5 size-5 shrink-0 text-blood-300" />
        This is your final decision... you cannot change your vote once submitted.
      </p>
      <Button size="lg" block aria-disabled={!choice || busy} onClick={() => void cast()} data-testid="cast-final-vote">
        {busy ? 'Submitting...' : 'Cast Final Vote'}
      </Button>
    </>
  );
}

function NonVoterStage({ game, isTopSuspect, onWait, onResults }: { game: TGameView; isTopSuspect: boolean; onWait: () => void; onResults: () => void }) {
  const suspects = topSuspectPlayers(game);
  return (
    <>
      <Card className="border-blood-400/60" data-testid="non-voter">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <ShieldOff aria-hidden className="size-5 text-blood-300" />
            {isTopSuspect ? 'You Are a Top Suspect' : 'You Have Lost Your Vote'}
          </CardTitle>
          <CardDescription>
            {isTopSuspect
              ? 'The village voted you among the top 3 suspects, so you cannot vote in the final accusation.'
              : 'The detective removed your vote, so you cannot vote in the final accusation.'}{' '}
            Watch the others decide.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <h3 className="font-display text-lg font-bold text-paper-50">The top 3 suspects</h3>
          <ul className="flex flex-col gap-2" aria-label="Top 3 suspects">
            {suspects.map((p) => (
              <li key={p.id} className="rounded-lg border border-ink-600 bg-ink-900/60 px-3 py-2">
                <PlayerLabel player={p} />
              </li>
            ))}
          </ul>
          <Counters game={game} />
        </CardContent>
      </Card>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button size="lg" variant="secondary" onClick={onWait}>
          Join Waiting Lobby
        </Button>
        <Button size="lg" onClick={onResults}>
          See Final Results
        </Button>
      </div>
    </>
  );
}

function WaitingStage({ game }: { game: TGameView }) {
  const fv = game.finalVoting;
  return (
    <Card data-testid="waiting-final">
      <CardContent className="flex flex-col items-center gap-3 pt-5 text-center">
        <Hourglass aria-hidden className="size-8 animate-pulse text-lamp-400 motion-reduce:animate-none" />
        <h2 className="font-display text-2xl font-bold text-paper-50">Waiting for Final Vote</h2>
        <p className="text-paper-200">Eligible voters: {fv.eligibleCount}</p>
        <p className="font-semibold text-paper-50" role="status" aria-live="polite" data-testid="final-count">
          {fv.submittedCount} / {fv.eligibleCount} votes submitted
        </p>
        <p className="text-sm text-paper-300">The verdict appears here by itself when the last vote is in.</p>
      </CardContent>
    </Card>
  );
}

function ResultsStage({ game, myId }: { game: TGameView; myId: string }) {
  const [report, setReport] = useState(false);
  const [feedback, setFeedback] = useState(false);
  const final = useQuery({ queryKey: votingKeys.finalResults(game.id, true), queryFn: () => votingApi.finalResults(game.id) });
  const results = useQuery({ queryKey: votingKeys.results(game.id), queryFn: () => votingApi.results(game.id) });
  const breakdown = useQuery({ queryKey: votingKeys.breakdown(game.id), queryFn: () => votingApi.breakdown(game.id) });

  if (results.isPending || final.isPending) return <LoadingState label="Reading the verdict…" />;
  if (results.isError || final.isError) {
    return <ErrorState title="Results Not Available" message="The verdict could not be loaded. Check your connection and reload." />;
  }
  const r = results.data;
  const accused = r.accusedKiller ? `${r.accusedKiller.characterName ?? r.accusedKiller.playerName} (${r.accusedKiller.playerName})` : null;
  const killer = r.finalKiller ? `${r.finalKiller.characterName} (${r.finalKiller.playerName})` : null;
  const feedbackOn = game.isTestingMode || game.feedbackMode;

  return (
    <>
      <VerdictBanner seekersWon={r.killerCorrect} accused={accused} />
      <KillerRevealCard killer={killer} story={r.killerRevealStory} />
      <div className="grid gap-2 sm:grid-cols-2">
        <Button variant="secondary" size="lg" onClick={() => setReport(true)}>
          <FileText aria-hidden className="size-5" /> Request Game Report
        </Button>
        {feedbackOn ? (
          <Button variant="secondary" size="lg" onClick={() => setFeedback(true)}>
            <MessageSquareHeart aria-hidden className="size-5" /> Give Feedback
          </Button>
        ) : null}
      </div>
      <ReportRequestDialog gameId={game.id} open={report} onOpenChange={setReport} />
      {feedbackOn ? <FeedbackModal gameId={game.id} gamePlayerId={myId} open={feedback} onOpenChange={setFeedback} /> : null}
      {breakdown.data ? (
        <VotingBreakdown data={breakdown.data} winnerVotes={final.data.winner?.voteCount ?? 0} />
      ) : breakdown.isPending ? (
        <LoadingState label="Counting the ballots…" />
      ) : null}
      <Card data-testid="game-complete">
        <CardContent className="flex flex-col items-center gap-3 pt-5 text-center">
          <Trophy aria-hidden className="size-8 text-lamp-400" />
          <h2 className="font-display text-2xl font-bold text-paper-50">Game Complete</h2>
          <p className="text-paper-200">Thank you for playing {game.title}.</p>
          <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
            <ButtonLink to={`/games/${game.id}/results`} variant="secondary" size="lg">
              Full Results
            </ButtonLink>
            <ButtonLink to="/" size="lg">
              Return to Main Menu
            </ButtonLink>
          </div>
        </CardContent>
      </Card>
    </>
  );
}

/** The final vote (spec doc 02 section 2): defence, voting, waiting, results. */
export function FinalVoteView({ game, me }: PlayContext) {
  const myId = me.gamePlayer.id;
  const meLive = game.players.find((p) => p.id === myId);
  const voteLost = meLive?.voteLost ?? me.gamePlayer.voteLost;
  const isTopSuspect = (game.suspectVoting.topSuspects ?? []).some((t) => t.playerId === myId);
  const completed = game.status === 'completed';
  const [stage, setStage] = useState<Stage>(() => (completed ? 'results' : hasVoted('final', game.id, myId) ? 'waiting' : 'defence'));
  // Voters see the verdict 2 s after the last vote; players without a vote see it at once.
  const revealed = useDelayedReveal(completed, voteLost ? 0 : undefined);
  const open = game.status === 'in_progress' && game.currentPhase >= Phase.FINAL_VOTE;

  let body;
  if (revealed) body = <ResultsStage game={game} myId={myId} />;
  else if (completed) body = <WaitingStage game={game} />;
  else if (!open) {
    body = (
      <Card data-testid="final-locked">
        <CardContent className="flex flex-col items-center gap-3 pt-5 text-center">
          <Lock aria-hidden className="size-8 text-lamp-400" />
          <p className="font-display text-xl font-bold text-paper-50">The final vote opens when the host starts it</p>
          <p className="text-paper-200" role="status">
            Study the search warrant evidence. This page opens by itself.
          </p>
        </CardContent>
      </Card>
    );
  } else if (stage === 'defence') body = <DefenceStage game={game} isHost={me.gamePlayer.isHost} onBegin={() => setStage('voting')} />;
  else if (stage === 'voting' && !voteLost) body = <VotingStage game={game} myId={myId} onVoted={() => setStage('waiting')} />;
  else if (stage === 'voting' && voteLost) {
    body = <NonVoterStage game={game} isTopSuspect={isTopSuspect} onWait={() => setStage('waiting')} onResults={() => setStage('results')} />;
  } else body = <WaitingStage game={game} />;

  return (
    <PlayFrame game={game} me={me}>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="typewriter text-sm tracking-widest text-lamp-300 uppercase">{completed ? 'Verdict' : 'Final accusation'}</p>
          {revealed ? (
            <p className="font-display text-3xl font-bold text-paper-50">Results</p>
          ) : (
            <h1 className="font-display text-3xl font-bold text-paper-50">Final Vote</h1>
          )}
        </div>
        {!completed ? <QuickRules phase={Phase.FINAL_VOTE} /> : null}
      </header>
      {stage === 'waiting' && !completed ? (
        <p className="flex items-center gap-2 text-moss-300" role="status">
          <CheckCircle2 aria-hidden className="size-5" /> {voteLost ? 'You are watching the final vote.' : 'Your vote is in.'}
        </p>
      ) : null}
      {body}
    </PlayFrame>
  );
}
