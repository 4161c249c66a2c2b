import { useState } from 'react';
import { AlertTriangle, CheckCircle2, Hourglass, Lock, Mic, ShieldOff, Trophy } from 'lucide-react';
import type { TCapabilities, TGameView, TPublicPlayer } from '@ss/protocol';
import {
  Badge,
  Button,
  ButtonLink,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  TitledCard,
} from '../../components/ui';
import { cn } from '../../lib/cn';
import { toast } from '../../store/toast';
import { AfterGameActions } from '../feedback/AfterGameActions';
import { PlayFrame } from '../play/PlayFrame';
import { QuickRules } from '../play/QuickRules';
import type { PlayContext } from '../play/PlayGate';
import { YoureOn } from '../table/YoureOn';
import { useDefenceClock } from '../table/useDefenceClock';
import { choiceTone } from './choiceTone';
import { DefenceTimer } from './DefenceTimer';
import { PlayerLabel } from './PlayerLabel';
import { StagedReveal } from './StagedReveal';
import { hasVoted } from './markers';
import { castBallot } from './castBallot';
import { useDelayedReveal } from './useDelayedReveal';
import { AnswerSheetButton } from '../host-kit/AnswerSheet';
import { votingApi } from './votingApi';

type Stage = 'defence' | 'voting' | 'waiting' | 'results';

function topSuspectPlayers(game: TGameView): TPublicPlayer[] {
  const byId = new Map(game.players.map((p) => [p.id, p]));
  return (game.suspectVoting.topSuspects ?? []).flatMap((t) => {
    const p = byId.get(t.playerId);
    return p ? [p] : [];
  });
}

/** Who may vote and who may not, counted the way the lists below show them (top suspects apart from removed votes). */
export function voterCounts(game: TGameView) {
  const top = new Set((game.suspectVoting.topSuspects ?? []).map((t) => t.playerId));
  const eligible = game.players.filter((p) => !p.voteLost).length;
  const suspects = game.players.filter((p) => p.voteLost && top.has(p.id)).length;
  const removed = game.players.filter((p) => p.voteLost && !top.has(p.id)).length;
  return { eligible, suspects, removed };
}

function Counters({ game }: { game: TGameView }) {
  const { eligible, suspects, removed } = voterCounts(game);
  return (
    <div className="flex flex-col gap-2">
    <dl className="grid grid-cols-2 gap-2">
      <div className="rounded-lg border border-ink-600 bg-ink-900/60 p-3 text-center">
        <dd className="font-display text-2xl font-bold text-paper-50" data-testid="eligible-voters">{eligible}</dd>
        <dt className="text-sm text-paper-300">Eligible Voters</dt>
      </div>
      <div className="rounded-lg border border-ink-600 bg-ink-900/60 p-3 text-center">
        <dd className="font-display text-2xl font-bold text-paper-50" data-testid="suspects-cannot-vote">{suspects}</dd>
        <dt className="text-sm text-paper-300">{suspects === 1 ? "Suspect Can't Vote" : "Suspects Can't Vote"}</dt>
      </div>
    </dl>
      {removed > 0 ? (
        <p className="text-center text-sm text-paper-300" data-testid="removed-votes">
          {removed === 1 ? '1 more player lost the vote to the detective.' : `${removed} more players lost the vote to the detective.`}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The defences: the host (or co-host) starts each suspect's two minutes from the host bar; the speaker's phone
 * shows "You're on" and every other phone who is speaking and the same clock. The ballot opens for a player once
 * no defence is running.
 */
function DefenceStage({ game, myId, onBegin }: { game: TGameView; myId: string; onBegin: () => void }) {
  const suspects = topSuspectPlayers(game);
  const left = useDefenceClock(game.defence);
  const speaking = Boolean(game.defence) && left > 0;
  return (
    <>
      <div className="flex items-start gap-3 rounded-xl border-2 border-lamp-400 bg-lamp-400/15 p-4" data-testid="defence-notice">
        <Mic aria-hidden className="mt-0.5 size-6 shrink-0 text-lamp-300" />
        <div className="min-w-0">
          <h2 className="font-display text-xl font-bold text-lamp-200">Suspect Defense Phase - 2 Minutes Each</h2>
          <p className="text-paper-100">The host starts each suspect&apos;s 2 minutes. Listen, then vote.</p>
        </div>
      </div>
      <YoureOn game={game} myId={myId} />
      {game.defence?.suspectPlayerId === myId && speaking ? null : <DefenceTimer defence={game.defence} players={game.players} />}
      <TitledCard title="The Suspects">
        <ul className="flex flex-col gap-2">
          {suspects.map((p) => (
            <li key={p.id} className="flex min-w-0 flex-wrap items-center gap-3 rounded-lg border border-ink-600 bg-ink-900/60 px-3 py-2">
              <span className="min-w-0 flex-1">
                <PlayerLabel player={p} />
              </span>
            </li>
          ))}
        </ul>
      </TitledCard>
      <Button size="lg" block onClick={onBegin} disabled={speaking} data-testid="defences-heard">
        {speaking ? 'A suspect is speaking…' : 'I’ve heard the defences: go to the vote'}
      </Button>
    </>
  );
}

function VotingStage({ game, myId, onVoted }: { game: TGameView; myId: string; onVoted: () => void }) {
  const [choice, setChoice] = useState<string | null>(null);
  const top = new Set((game.suspectVoting.topSuspects ?? []).map((t) => t.playerId));
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
      await castBallot('final', game.id, myId, () => votingApi.castFinalVote(game.id, choice));
      onVoted();
    } catch {
      toast({ title: 'Error', description: 'Failed to submit vote. Please try again.', variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <>
      <Counters game={game} />
      <fieldset className="flex min-w-0 flex-col gap-2" data-testid="final-vote-options">
        <legend className="mb-2 font-display text-2xl font-bold text-paper-50">Who is the killer?</legend>
        {options.map((p) => {
          const checked = choice === p.id;
          return (
            <label
              key={p.id}
              data-testid="vote-choice"
              className={cn(
                'flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-lamp-300',
                choiceTone(checked),
              )}
            >
              <input
                type="radio"
                name="final-suspect"
                value={p.id}
                checked={checked}
                onChange={() => setChoice(p.id)}
                className="size-6 shrink-0 accent-[var(--color-lamp-400)]"
              />
              <span className="min-w-0 flex-1">
                <PlayerLabel player={p} />
              </span>
              {top.has(p.id) ? <Badge variant="danger">Suspect</Badge> : p.voteLost ? <Badge variant="muted">No Vote</Badge> : null}
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

function ResultsStage({ game, myId, capabilities }: { game: TGameView; myId: string; capabilities: TCapabilities }) {
  return (
    <StagedReveal
      game={game}
      capabilities={capabilities}
      after={
        <>
          <AnswerSheetButton game={game} />
          <AfterGameActions game={game} myId={myId} />
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
      }
    />
  );
}

/** The final vote: defence, voting, waiting, results. */
export function FinalVoteView({ game, me }: PlayContext) {
  const myId = me.gamePlayer.id;
  const meLive = game.players.find((p) => p.id === myId);
  const voteLost = meLive?.voteLost ?? me.gamePlayer.voteLost;
  const isTopSuspect = (game.suspectVoting.topSuspects ?? []).some((t) => t.playerId === myId);
  const completed = game.status === 'completed';
  const [stage, setStage] = useState<Stage>(() => (completed ? 'results' : hasVoted('final', game.id, myId) ? 'waiting' : 'defence'));
  // Voters see the verdict 2 s after the last vote; players without a vote see it at once.
  const revealed = useDelayedReveal(completed, voteLost ? 0 : undefined);
  const open = game.status === 'in_progress' && game.phase.kind === 'final-vote';

  let body;
  if (revealed) body = <ResultsStage game={game} myId={myId} capabilities={me.capabilities} />;
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
  } else if (stage === 'defence') body = <DefenceStage game={game} myId={myId} onBegin={() => setStage('voting')} />;
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
        {!completed ? <QuickRules phase="final-vote" /> : null}
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
