import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BarChart3, BookOpen, CheckCircle2, ChevronRight, FastForward, Gavel, Hourglass, RotateCcw, Skull, XCircle } from 'lucide-react';
import { REVEAL_LAST_STEP, REVEAL_STEPS, revealStepIndex, type RevealStepKey, type TCapabilities, type TGameResults, type TGameView, type TVotingBreakdown } from '@ss/protocol';
import { Badge, Button, Card, CardContent, LoadingState, TitledCard } from '../../components/ui';
import { liveApi, serverNow } from '../table-live/liveApi';
import { sendOrHold } from '../table-live/heldTaps';
import { useServerNow } from '../table-live/useNow';
import { errorMessage } from '../../lib/api';
import { toast } from '../../store/toast';
import { votingApi, votingKeys } from './votingApi';
import { TeamBadge } from '../game/TeamBadge';
import { Paragraphs } from '../play/Paragraphs';
import { VerdictBanner } from './Verdict';
import { VotingBreakdown } from './VotingBreakdown';
import { announce } from '../../store/announcer';
import { tallyByTarget, whoVotedRight, type Tally } from './tallies';

/** Each step as it appears is read out (its own words, shortened) through the app's live region. */
function StepCard({ step, children }: { step: RevealStepKey; children: ReactNode }) {
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const text = card.current?.innerText ?? '';
    if (text) announce(text.length > 400 ? `${text.slice(0, 400)}…` : text);
    // The room's new card is brought into view: on a phone it appears below the ones before it.
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    card.current?.scrollIntoView?.({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  }, []);
  return (
    <div ref={card} data-testid={`reveal-${step}`} className="animate-slide-up motion-reduce:animate-none">
      {children}
    </div>
  );
}

function Portrait({ src, size = 'size-24' }: { src: string | null; size?: string }) {
  return src ? (
    <img src={src} alt="" className={`${size} shrink-0 rounded-full border-2 border-blood-400 bg-paper-100 object-cover`} />
  ) : (
    <span aria-hidden className={`${size} flex shrink-0 items-center justify-center rounded-full bg-ink-600`}>
      <Skull className="size-8 text-blood-300" />
    </span>
  );
}

function KillerStep({ results, portrait }: { results: TGameResults; portrait: string | null }) {
  const k = results.finalKiller;
  return (
    <TitledCard
      className="border-blood-400/60"
      data-testid="killer-reveal"
      title={<><Skull aria-hidden className="size-5 text-blood-300" /> The Killer Revealed</>}
      titleClassName="flex items-center gap-2"
      contentClassName="flex flex-col gap-4 text-paper-200"
    >
      <div className="flex flex-wrap items-center gap-4">
        <Portrait src={portrait} />
        <p className="min-w-0 flex-1 basis-40 font-display text-2xl font-bold break-words text-paper-50" data-testid="killer-name">
          {k ? `${k.characterName} (${k.playerName})` : 'The killer was not at the table'}
        </p>
      </div>
      {results.caseTitle ? (
        <p className="typewriter text-sm text-lamp-200" data-testid="case-title">
          The case: {results.caseTitle}
        </p>
      ) : null}
    </TitledCard>
  );
}

function StoryStep({ story }: { story: string | null }) {
  return (
    <TitledCard
      data-testid="case-story"
      title={<><BookOpen aria-hidden className="size-5 text-lamp-400" /> The Case&apos;s Story</>}
      titleClassName="flex items-center gap-2"
      contentClassName="flex flex-col gap-3 text-paper-200"
    >
      {story ? (
        <Paragraphs text={story} />
      ) : (
        <p>The case file has no more to tell.</p>
      )}
    </TitledCard>
  );
}

function TeamsStep({ results, portraits }: { results: TGameResults; portraits: Map<string, string> }) {
  const seekers = results.playerResults.filter((p) => p.team !== 'shadow');
  const shadows = results.playerResults.filter((p) => p.team === 'shadow');
  const row = (p: TGameResults['playerResults'][number]) => (
    <li key={p.playerId} className="flex flex-wrap items-center gap-3 rounded-lg border border-ink-600 bg-ink-900/60 px-3 py-2" data-testid="team-row">
      {portraits.get(p.playerId) ? (
        <img src={portraits.get(p.playerId)} alt="" className="size-11 shrink-0 rounded-full bg-paper-100 object-cover" />
      ) : null}
      <span className="min-w-0 flex-1 basis-40">
        <span className="block font-semibold break-words text-paper-50">{p.characterName ?? p.playerName}</span>
        <span className="block text-sm break-words text-paper-300">{p.playerName}</span>
      </span>
      <span className="flex flex-wrap gap-1.5">
        {p.team ? <TeamBadge team={p.team} /> : null}
        {p.isKiller ? <Badge variant="danger">Killer</Badge> : null}
      </span>
    </li>
  );
  return (
    <TitledCard
      data-testid="teams"
      title="Every Player's Team"
      contentClassName="flex flex-col gap-4"
    >
      <section aria-labelledby="shadows-title" className="flex flex-col gap-2">
        <h3 id="shadows-title" className="font-display text-lg font-bold text-shadow">
          The Shadows ({shadows.length})
        </h3>
        <ul className="flex flex-col gap-2" aria-live="polite">
          {shadows.map((p) => row(p))}
        </ul>
      </section>
      <section aria-labelledby="seekers-title" className="flex flex-col gap-2">
        <h3 id="seekers-title" className="font-display text-lg font-bold text-seeker">
          The Seekers ({seekers.length})
        </h3>
        <ul className="flex flex-col gap-2">{seekers.map((p) => row(p))}</ul>
      </section>
    </TitledCard>
  );
}

/** One side of "who voted right": a named list of players, each with the side's icon and colour. */
function VoterList({ label, names, icon: Icon, tone }: { label: string; names: string[]; icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>; tone: string }) {
  if (names.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1.5" aria-label={label}>
      {names.map((n) => (
        <li key={n} className={`flex items-start gap-2 break-words ${tone}`}>
          <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
          <span className="min-w-0">{n}</span>
        </li>
      ))}
    </ul>
  );
}

function VotedRightStep({ breakdown, killer }: { breakdown: TVotingBreakdown | undefined; killer: string | null }) {
  if (!breakdown) return <p className="text-paper-300">Counting the ballots…</p>;
  const { right, wrong } = whoVotedRight(breakdown.finalVotes, killer);
  return (
    <TitledCard data-testid="voted-right" title="Who Voted Right" contentClassName="flex flex-col gap-3">
      {right.length === 0 && wrong.length === 0 ? <p className="text-paper-300">No final votes were cast.</p> : null}
      <VoterList label="Named the killer" names={right} icon={CheckCircle2} tone="text-moss-300" />
      <VoterList label="Accused an innocent" names={wrong} icon={XCircle} tone="text-blood-300" />
    </TitledCard>
  );
}

/** A bar per accused; the count is written out, so the chart never relies on length (or colour) alone. */
function TallyChart({ title, tallies, testId }: { title: string; tallies: Tally[]; testId: string }) {
  const max = Math.max(1, ...tallies.map((t) => t.votes));
  return (
    <section className="flex flex-col gap-2" data-testid={testId}>
      <h3 className="font-display text-lg font-bold text-paper-50">{title}</h3>
      {tallies.length === 0 ? <p className="text-paper-300">No votes.</p> : null}
      <ul className="flex flex-col gap-2">
        {tallies.map((t) => (
          <li key={t.player} className="flex flex-col gap-1" data-testid="tally-bar">
            <span className="flex items-baseline justify-between gap-2 text-sm">
              <span className="min-w-0 break-words text-paper-100">{t.label}</span>
              <span className="shrink-0 font-semibold text-paper-50">
                {t.votes} vote{t.votes === 1 ? '' : 's'}
              </span>
            </span>
            <span aria-hidden className="block h-3 overflow-hidden rounded-full bg-ink-700">
              <span className="block h-full rounded-full bg-lamp-400" style={{ width: `${(t.votes / max) * 100}%` }} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TalliesStep({ breakdown, winnerVotes }: { breakdown: TVotingBreakdown | undefined; winnerVotes: number }) {
  if (!breakdown) return <p className="text-paper-300">Counting the ballots…</p>;
  return (
    <TitledCard
      data-testid="tallies"
      title={<><BarChart3 aria-hidden className="size-5 text-lamp-400" /> The Tallies</>}
      titleClassName="flex items-center gap-2"
      contentClassName="flex flex-col gap-5"
    >
      <TallyChart title="Final vote" tallies={tallyByTarget(breakdown.finalVotes)} testId="tally-final" />
      <TallyChart title="Suspect vote" tallies={tallyByTarget(breakdown.suspectVotes)} testId="tally-suspects" />
      <details className="group rounded-lg border border-ink-600" data-testid="full-breakdown">
        <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-3 font-semibold text-lamp-300">
          <ChevronRight aria-hidden className="size-4 transition-transform group-open:rotate-90" /> Every ballot
        </summary>
        <div className="p-2">
          <VotingBreakdown data={breakdown} winnerVotes={winnerVotes} />
        </div>
      </details>
    </TitledCard>
  );
}


/** What the driver's button says for the step it shows next. */
const NEXT_LABEL: Record<RevealStepKey, string> = {
  verdict: '',
  accused: 'Name the Accused',
  killer: 'Reveal the Killer',
  shadows: 'Unmask the Shadows',
  story: "Tell the Case's Story",
};
const KILLER_STEP = revealStepIndex('killer');

function VerdictIsIn({ game }: { game: TGameView }) {
  return (
    <Card data-testid="verdict-in">
      <CardContent className="flex flex-col items-center gap-2 pt-5 text-center">
        <Gavel aria-hidden className="size-9 text-lamp-400" />
        <h2 className="font-display text-2xl font-bold text-paper-50">The Verdict Is In</h2>
        <p className="text-paper-200">
          {game.finalVoting.submittedCount} final vote{game.finalVoting.submittedCount === 1 ? '' : 's'} counted. The room learns who it accused, then
          whether they were the killer.
        </p>
      </CardContent>
    </Card>
  );
}

function AccusedCard({ game }: { game: TGameView }) {
  const accused = game.players.find((p) => p.id === game.reveal?.accusedPlayerId) ?? null;
  return (
    <Card data-testid="accused">
      <CardContent className="flex flex-col items-center gap-3 pt-5 text-center">
        {accused?.character ? <img src={accused.character.imageUrl} alt="" className="size-20 rounded-full border-2 border-lamp-400 bg-paper-100 object-cover" /> : null}
        <p className="typewriter text-sm tracking-widest text-lamp-300 uppercase">The room accuses</p>
        <h2 className="font-display text-2xl font-bold break-words text-paper-50" data-testid="accused-name">
          {accused ? (accused.character ? `${accused.character.name} (${accused.displayName})` : accused.displayName) : 'Nobody'}
        </h2>
        <p className="text-paper-200">{accused ? 'Were they the killer? The envelope opens next.' : 'No one was convicted. Was the killer among you?'}</p>
      </CardContent>
    </Card>
  );
}

/**
 * The ending the whole room shares. The host (or co-host) moves it one step at a time: the verdict is in, the
 * accused, the killer (and so who won), the Shadows, the case's story. Every phone and the table screen show the
 * step of the game's state; a host who waits gets the automatic pace (the server moves it; a phone that sees a
 * step overdue asks for it too). Nothing here names the killer before the killer's step: the results are read only
 * from then on. Once the reveal is over, each phone may replay it at its own pace.
 */
export function StagedReveal({ game, capabilities, after }: { game: TGameView; capabilities: TCapabilities; after: ReactNode }) {
  const roomStep = game.reveal?.step ?? REVEAL_LAST_STEP;
  const [replay, setReplay] = useState<number | null>(null);
  const shown = replay ?? roomStep;
  const killerOpen = roomStep >= KILLER_STEP;
  const results = useQuery({ queryKey: [...votingKeys.results(game.id), killerOpen], queryFn: () => votingApi.results(game.id), enabled: killerOpen });
  const breakdown = useQuery({ queryKey: votingKeys.breakdown(game.id), queryFn: () => votingApi.breakdown(game.id), enabled: killerOpen });
  const final = useQuery({ queryKey: [...votingKeys.finalResults(game.id, true), killerOpen], queryFn: () => votingApi.finalResults(game.id), enabled: killerOpen });
  const isDriver = capabilities.stepReveal;
  const nextAt = game.reveal?.nextAt ?? null;
  const now = useServerNow(replay === null && nextAt !== null);
  const nudged = useRef(-1);

  // The server moves an overdue step itself; if its timer was lost (an instance restarted), this phone asks for
  // it once the step is a little overdue (a random part, drawn once per step, spreads the phones' asks; the engine
  // takes the first and answers the others "unchanged").
  useEffect(() => {
    if (nextAt === null || roomStep >= REVEAL_LAST_STEP || nudged.current === roomStep) return;
    const wait = Math.max(0, nextAt + 1500 + Math.random() * 2500 - serverNow());
    const t = window.setTimeout(() => {
      nudged.current = roomStep;
      void liveApi.advanceReveal(game.id, roomStep + 1).catch(() => undefined);
    }, wait);
    return () => window.clearTimeout(t);
  }, [nextAt, roomStep, game.id]);

  async function step(to: number, label: string) {
    const id = crypto.randomUUID();
    await sendOrHold('reveal', label, async () => {
      try {
        await liveApi.advanceReveal(game.id, to, id);
      } catch (err) {
        toast({ title: 'Could not move the reveal', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
      }
    });
  }

  const r = results.data;
  const portraits = new Map(game.players.flatMap((p) => (p.character ? [[p.id, p.character.imageUrl] as const] : [])));
  const needResults = (node: (r: TGameResults) => ReactNode) =>
    r ? node(r) : results.isError ? <p className="text-blood-300">The verdict could not be loaded. Check your connection.</p> : <LoadingState label="Opening the envelope…" />;
  const cards: Record<RevealStepKey, ReactNode> = {
    verdict: <VerdictIsIn game={game} />,
    accused: <AccusedCard game={game} />,
    killer: needResults((res) => {
      const accused = res.accusedKiller ? `${res.accusedKiller.characterName ?? res.accusedKiller.playerName} (${res.accusedKiller.playerName})` : null;
      return (
        <div className="flex flex-col gap-4">
          <VerdictBanner seekersWon={res.killerCorrect} accused={accused} />
          <KillerStep results={res} portrait={res.finalKiller ? (portraits.get(res.finalKiller.playerId) ?? null) : null} />
        </div>
      );
    }),
    shadows: needResults((res) => <TeamsStep results={res} portraits={portraits} />),
    story: needResults((res) => (
      <div className="flex flex-col gap-4">
        <StoryStep story={res.killerRevealStory} />
        <VotedRightStep breakdown={breakdown.data} killer={res.finalKiller?.playerName ?? null} />
        <TalliesStep breakdown={breakdown.data} winnerVotes={final.data?.winner?.voteCount ?? 0} />
      </div>
    )),
  };
  const nextKey = REVEAL_STEPS[shown + 1];
  const secondsLeft = nextAt === null ? null : Math.max(0, Math.ceil((nextAt - now) / 1000));

  return (
    <div className="flex flex-col gap-4" data-testid="staged-reveal" data-step={REVEAL_STEPS[shown]} data-room-step={roomStep}>
      {REVEAL_STEPS.slice(0, shown + 1).map((key) => (
        <StepCard key={key} step={key}>
          {cards[key]}
        </StepCard>
      ))}
      {replay !== null ? (
        <div className="flex flex-col gap-2 sm:flex-row" data-testid="reveal-replaying">
          {nextKey ? (
            <Button size="lg" block onClick={() => setReplay(shown + 1)} data-testid="replay-next">
              {NEXT_LABEL[nextKey]} <ChevronRight aria-hidden className="size-5" />
            </Button>
          ) : null}
          <Button size="lg" variant="ghost" block onClick={() => setReplay(null)}>
            <FastForward aria-hidden className="size-5" /> Back to the End
          </Button>
        </div>
      ) : nextKey ? (
        isDriver ? (
          <div className="flex flex-col gap-2" data-testid="reveal-host-controls">
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button size="lg" block onClick={() => void step(shown + 1, NEXT_LABEL[nextKey])} data-testid="reveal-next">
                {NEXT_LABEL[nextKey]} <ChevronRight aria-hidden className="size-5" />
              </Button>
              <Button size="lg" variant="ghost" onClick={() => void step(REVEAL_LAST_STEP, 'Show everything')} data-testid="reveal-all">
                <FastForward aria-hidden className="size-5" /> Show Everything
              </Button>
            </div>
            <p className="text-center text-sm text-paper-300">
              Every phone and the table screen move with you.{secondsLeft !== null ? ` If you wait, it moves on by itself in ${secondsLeft} s.` : ''}
            </p>
          </div>
        ) : (
          <p className="flex items-center justify-center gap-2 text-center text-paper-200" data-testid="reveal-waiting">
            <Hourglass aria-hidden className="size-5 shrink-0 text-lamp-400" />
            The host reveals what comes next{secondsLeft !== null ? ` (by itself in ${secondsLeft} s)` : ''}.
          </p>
        )
      ) : (
        <>
          <Button variant="secondary" size="lg" block onClick={() => setReplay(0)} data-testid="reveal-replay">
            <RotateCcw aria-hidden className="size-5" /> Replay the Reveal
          </Button>
          {after}
        </>
      )}
    </div>
  );
}
