import { HelpCircle } from 'lucide-react';
import type { TPhaseKind } from '@ss/protocol';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui';

export type RulesStage = 'investigation' | 'suspect-vote' | 'final';

export function stageForPhase(kind: TPhaseKind): RulesStage {
  if (kind === 'suspect-vote') return 'suspect-vote';
  if (kind === 'final-vote' || kind === 'outcome') return 'final';
  return 'investigation';
}

/** The quick rules of the stage the game is in: the investigation days, the suspect vote or the final vote. */
export function RulesContent({ stage }: { stage: RulesStage }) {
  return (
    <div className="flex flex-col gap-4 text-paper-200 [&_h3]:font-display [&_h3]:text-lg [&_h3]:font-bold [&_h3]:text-paper-50 [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-1">
      {stage === 'investigation' ? (
        <section>
          <h3>Investigation days</h3>
          <ul>
            <li>Read your story, evidence and memories for the day, then talk to the other characters.</li>
            <li>Share what helps your team; keep your secrets if you must. Shadows may lie.</li>
            <li>The detective can remove the voting rights of anyone caught lying.</li>
          </ul>
        </section>
      ) : null}
      {stage === 'suspect-vote' ? (
        <section>
          <h3>Suspect voting</h3>
          <ul>
            <li>Vote for up to 3 players you suspect: choose exactly three to submit.</li>
            <li>The detective can remove voting rights from liars.</li>
            <li>The top 3 suspects lose their vote and get a search warrant on their property.</li>
          </ul>
        </section>
      ) : null}
      {stage === 'final' ? (
        <section>
          <h3>Final conviction</h3>
          <ul>
            <li>The top 3 suspects lose their vote, get a search warrant and may have an optional 2-minute defence.</li>
            <li>Everyone else who still has a vote names the killer. A cast vote cannot be changed.</li>
            <li>Seekers win if the killer is convicted; shadows win if an innocent is.</li>
          </ul>
        </section>
      ) : null}
      <section>
        <h3>Losing your vote</h3>
        <ul>
          <li>Showing your phone to another player loses your vote.</li>
          <li>Being caught lying against the evidence loses your vote.</li>
        </ul>
      </section>
    </div>
  );
}

/** A help icon that opens the rules for the current phase. */
export function QuickRules({ phase, title = 'Quick Rules', label }: { phase: TPhaseKind; title?: string; label?: string }) {
  return (
    <Dialog>
      <DialogTrigger
        aria-label={label ?? title}
        className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-full border border-ink-500 bg-ink-800 px-3 text-sm font-semibold text-lamp-200 hover:border-lamp-400"
      >
        <HelpCircle aria-hidden className="size-5" />
        <span>{title}</span>
      </DialogTrigger>
      <DialogContent title={title} description="The rules that matter right now.">
        <RulesContent stage={stageForPhase(phase)} />
      </DialogContent>
    </Dialog>
  );
}
