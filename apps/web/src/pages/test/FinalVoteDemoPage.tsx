import { useEffect, useState } from 'react';
import { AlertTriangle, Mic } from 'lucide-react';
import { Page, PageHeader } from '../../components/Page';
import { Badge, Button, ButtonLink, LoadingState } from '../../components/ui';
import { cn } from '../../lib/cn';
import { toast } from '../../store/toast';
import { choiceTone } from '../../features/voting/choiceTone';
import { KillerRevealCard, VerdictBanner } from '../../features/voting/Verdict';
import { DEMO_KILLER_STORY, DEMO_PLAYERS } from '../../features/voting/demoData';
import { REVEAL_DELAY_MS } from '../../features/voting/useDelayedReveal';

type Stage = 'defence' | 'voting' | 'tally' | 'conclusion';

/** /final-vote-demo: defence, voting, a ~2 s tally, then the conclusion (local data only). */
export default function FinalVoteDemoPage() {
  const [stage, setStage] = useState<Stage>('defence');
  const [choice, setChoice] = useState<string | null>(null);
  useEffect(() => {
    if (stage !== 'tally') return;
    const t = window.setTimeout(() => setStage('conclusion'), REVEAL_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [stage]);
  const chosen = DEMO_PLAYERS.find((p) => p.id === choice);
  const killer = DEMO_PLAYERS.find((p) => p.isKiller)!;
  const eligible = DEMO_PLAYERS.filter((p) => !p.voteLost).length;

  return (
    <Page>
      <PageHeader title="Final Vote Demo" subtitle="Sample data; nothing is sent." back={{ to: '/', label: 'Home' }} />
      <div className="flex flex-col gap-4">
        {stage === 'defence' ? (
          <>
            <div className="flex items-start gap-3 rounded-xl border-2 border-lamp-400 bg-lamp-400/15 p-4">
              <Mic aria-hidden className="mt-0.5 size-6 shrink-0 text-lamp-300" />
              <div>
                <h2 className="font-display text-xl font-bold text-lamp-200">Suspect Defense Phase - 2 Minutes Each</h2>
                <p className="text-paper-100">Each suspect speaks for exactly 2 minutes, uninterrupted.</p>
              </div>
            </div>
            <Button size="lg" block onClick={() => setStage('voting')}>
              Begin Defense Statements
            </Button>
          </>
        ) : null}
        {stage === 'voting' ? (
          <>
            <p className="text-paper-200">
              Eligible Voters: <strong className="text-paper-50">{eligible}</strong> · Suspects Can&apos;t Vote:{' '}
              <strong className="text-paper-50">{DEMO_PLAYERS.length - eligible}</strong>
            </p>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 font-display text-2xl font-bold text-paper-50">Who is the killer?</legend>
              {DEMO_PLAYERS.map((p) => (
                <label
                  key={p.id}
                  className={cn(
                    'flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2',
                    choiceTone(choice === p.id),
                  )}
                >
                  <input type="radio" name="demo-final" checked={choice === p.id} onChange={() => setChoice(p.id)} className="size-5 accent-[var(--color-lamp-400)]" />
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold text-paper-50">
                      {p.character.name} <span className="font-normal text-paper-300">({p.displayName})</span>
                    </span>
                    <span className="block text-sm text-paper-300">{p.character.profession}</span>
                  </span>
                  {p.voteLost ? <Badge variant="danger">Suspect</Badge> : null}
                </label>
              ))}
            </fieldset>
            <p className="flex items-start gap-2 rounded-lg border border-blood-400/60 bg-blood-700/20 p-3 text-paper-100">
              <AlertTriangle aria-hidden className="mt-0.5 size-5 shrink-0 text-blood-300" />
              This is your final decision... you cannot change your vote once submitted.
            </p>
            <Button
              size="lg"
              block
              aria-disabled={!choice}
              onClick={() => {
                if (!choice) {
                  toast({ title: 'No Selection', description: 'Please select who you believe is the killer.', variant: 'destructive', duration: 3000 });
                  return;
                }
                setStage('tally');
              }}
            >
              Cast Final Vote
            </Button>
          </>
        ) : null}
        {stage === 'tally' ? <LoadingState label="Counting the votes…" /> : null}
        {stage === 'conclusion' && chosen ? (
          <>
            <VerdictBanner seekersWon={chosen.isKiller} accused={`${chosen.character.name} (${chosen.displayName})`} />
            <KillerRevealCard killer={`${killer.character.name} (${killer.displayName})`} story={DEMO_KILLER_STORY} />
            <ButtonLink to="/" size="lg" block>
              Return to Main Menu
            </ButtonLink>
          </>
        ) : null}
      </div>
    </Page>
  );
}
