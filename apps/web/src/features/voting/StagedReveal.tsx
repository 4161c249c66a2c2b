import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { BarChart3, CheckCircle2, ChevronRight, FastForward, HelpCircle, Skull, XCircle } from 'lucide-react';
import type { TGameResults, TGameView, TVotingBreakdown } from '@ss/protocol';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle } from '../../components/ui';
import { TeamBadge } from '../game/TeamBadge';
import { toParagraphs } from '../play/lines';
import { VerdictBanner } from './Verdict';
import { VotingBreakdown } from './VotingBreakdown';
import { announce } from '../../store/announcer';
import { tallyByTarget, whoVotedRight, type Tally } from './tallies';

/** The order of the reveal: verdict, killer, teams, who voted right, tallies. */
export const REVEAL_STEPS = ['verdict', 'killer', 'teams', 'voted-right', 'tallies'] as const;
type Step = (typeof REVEAL_STEPS)[number];
const NEXT_LABEL: Record<Step, string> = {
  verdict: 'Reveal the Killer',
  killer: 'Unmask the Teams',
  teams: 'Who Voted Right?',
  'voted-right': 'Show the Tallies',
  tallies: '',
};

const storageKey = (gameId: string) => `reveal_${gameId}`;
function storedStep(gameId: string): number {
  try {
    const n = Number(sessionStorage.getItem(storageKey(gameId)));
    return Number.isInteger(n) && n >= 0 && n < REVEAL_STEPS.length ? n : 0;
  } catch {
    return 0;
  }
}

/** Each step as it appears is read out (its own words, shortened) through the app's live region. */
function StepCard({ step, children }: { step: Step; children: ReactNode }) {
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const text = card.current?.innerText ?? '';
    if (text) announce(text.length > 400 ? `${text.slice(0, 400)}…` : text);
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
    <Card className="border-blood-400/60" data-testid="killer-reveal">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Skull aria-hidden className="size-5 text-blood-300" /> The Killer Revealed
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-paper-200">
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
        {results.killerRevealStory
          ? toParagraphs(results.killerRevealStory).map((p, i) => (
              <p key={i} className="whitespace-pre-line">
                {p}
              </p>
            ))
          : null}
      </CardContent>
    </Card>
  );
}

function TeamsStep({ results, portraits }: { results: TGameResults; portraits: Map<string, string> }) {
  const seekers = results.playerResults.filter((p) => p.team !== 'shadow');
  const shadows = results.playerResults.filter((p) => p.team === 'shadow');
  const [unmasked, setUnmasked] = useState(0);
  const row = (p: TGameResults['playerResults'][number], hidden = false) => (
    <li key={p.playerId} className="flex flex-wrap items-center gap-3 rounded-lg border border-ink-600 bg-ink-900/60 px-3 py-2" data-testid="team-row">
      {hidden ? (
        <span aria-hidden className="flex size-11 shrink-0 items-center justify-center rounded-full bg-ink-600">
          <HelpCircle className="size-6 text-shadow" />
        </span>
      ) : portraits.get(p.playerId) ? (
        <img src={portraits.get(p.playerId)} alt="" className="size-11 shrink-0 rounded-full bg-paper-100 object-cover" />
      ) : null}
      <span className="min-w-0 flex-1 basis-40">
        {hidden ? (
          <span className="block font-semibold text-paper-300">A Shadow, still masked</span>
        ) : (
          <>
            <span className="block font-semibold break-words text-paper-50">{p.characterName ?? p.playerName}</span>
            <span className="block text-sm break-words text-paper-300">{p.playerName}</span>
          </>
        )}
      </span>
      {hidden ? null : (
        <span className="flex flex-wrap gap-1.5">
          {p.team ? <TeamBadge team={p.team} /> : null}
          {p.isKiller ? <Badge variant="danger">Killer</Badge> : null}
        </span>
      )}
    </li>
  );
  return (
    <Card data-testid="teams">
      <CardHeader>
        <CardTitle>Every Player&apos;s Team</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <section aria-labelledby="shadows-title" className="flex flex-col gap-2">
          <h3 id="shadows-title" className="font-display text-lg font-bold text-shadow">
            The Shadows ({shadows.length})
          </h3>
          <ul className="flex flex-col gap-2" aria-live="polite">
            {shadows.map((p, i) => row(p, i >= unmasked))}
          </ul>
          {unmasked < shadows.length ? (
            <Button variant="secondary" onClick={() => setUnmasked(unmasked + 1)} data-testid="unmask-next">
              Unmask the Next Shadow ({shadows.length - unmasked} left)
            </Button>
          ) : null}
        </section>
        <section aria-labelledby="seekers-title" className="flex flex-col gap-2">
          <h3 id="seekers-title" className="font-display text-lg font-bold text-seeker">
            The Seekers ({seekers.length})
          </h3>
          <ul className="flex flex-col gap-2">{seekers.map((p) => row(p))}</ul>
        </section>
      </CardContent>
    </Card>
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
    <Card data-testid="voted-right">
      <CardHeader>
        <CardTitle>Who Voted Right</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {right.length === 0 && wrong.length === 0 ? <p className="text-paper-300">No final votes were cast.</p> : null}
        <VoterList label="Named the killer" names={right} icon={CheckCircle2} tone="text-moss-300" />
        <VoterList label="Accused an innocent" names={wrong} icon={XCircle} tone="text-blood-300" />
      </CardContent>
    </Card>
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
    <Card data-testid="tallies">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BarChart3 aria-hidden className="size-5 text-lamp-400" /> The Tallies
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
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
      </CardContent>
    </Card>
  );
}

/**
 * The ending, staged like a reveal at the table: the verdict, then the killer with portrait, then every player's
 * team (the Shadows unmasked one by one), who voted right, and the tallies as a chart (every ballot one tap away).
 * Each step waits for a tap so the room reads it together; "Show everything" skips ahead.
 */
export function StagedReveal({
  game,
  results,
  breakdown,
  winnerVotes,
  after,
}: {
  game: TGameView;
  results: TGameResults;
  breakdown: TVotingBreakdown | undefined;
  winnerVotes: number;
  /** What follows the reveal once it is complete (report, feedback, survey…). */
  after: ReactNode;
}) {
  const [shown, setShown] = useState(() => storedStep(game.id));
  const show = (n: number) => {
    setShown(n);
    try {
      sessionStorage.setItem(storageKey(game.id), String(n));
    } catch {
      /* private mode: the reveal simply restarts on reload */
    }
  };
  const portraits = new Map(game.players.flatMap((p) => (p.character ? [[p.id, p.character.imageUrl] as const] : [])));
  const accused = results.accusedKiller
    ? `${results.accusedKiller.characterName ?? results.accusedKiller.playerName} (${results.accusedKiller.playerName})`
    : null;
  const killerPortrait = results.finalKiller ? (portraits.get(results.finalKiller.playerId) ?? null) : null;
  const last = REVEAL_STEPS.length - 1;
  const current = REVEAL_STEPS[shown] ?? 'verdict';

  const steps: Record<Step, ReactNode> = {
    verdict: <VerdictBanner seekersWon={results.killerCorrect} accused={accused} />,
    killer: <KillerStep results={results} portrait={killerPortrait} />,
    teams: <TeamsStep results={results} portraits={portraits} />,
    'voted-right': <VotedRightStep breakdown={breakdown} killer={results.finalKiller?.playerName ?? null} />,
    tallies: <TalliesStep breakdown={breakdown} winnerVotes={winnerVotes} />,
  };

  return (
    <div className="flex flex-col gap-4" data-testid="staged-reveal" data-step={current}>
      {REVEAL_STEPS.slice(0, shown + 1).map((s) => (
        <StepCard key={s} step={s}>
          {steps[s]}
        </StepCard>
      ))}
      {shown < last ? (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button size="lg" block onClick={() => show(shown + 1)} data-testid="reveal-next">
            {NEXT_LABEL[current]} <ChevronRight aria-hidden className="size-5" />
          </Button>
          <Button size="lg" variant="ghost" onClick={() => show(last)}>
            <FastForward aria-hidden className="size-5" /> Show Everything
          </Button>
        </div>
      ) : (
        after
      )}
    </div>
  );
}
