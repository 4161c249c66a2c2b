import { HelpCircle } from 'lucide-react';
import type { TPhaseKind } from '@ss/protocol';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui';

export type RulesStage = 'investigation' | 'suspect-vote' | 'final';

export function stageForPhase(kind: TPhaseKind): RulesStage {
  if (kind === 'suspect-vote') return 'suspect-vote';
  if (kind === 'final-vote' || kind === 'outcome') return 'final';
  return 'investigation';
}

interface Rules {
  title: string;
  rules: readonly string[];
}

const STAGE_RULES: Record<RulesStage, Rules> = {
  investigation: {
    title: 'Investigation days',
    rules: [
      'Read your story, evidence and memories for the day, then talk to the other characters.',
      'Share what helps your team; keep your secrets if you must. Shadows may lie.',
      'The detective can remove the voting rights of anyone caught lying.',
    ],
  },
  'suspect-vote': {
    title: 'Suspect voting',
    rules: [
      'Vote for up to 3 players you suspect: choose exactly three to submit.',
      'The detective can remove voting rights from liars.',
      'The top 3 suspects lose their vote and get a search warrant on their property.',
    ],
  },
  final: {
    title: 'Final conviction',
    rules: [
      'The top 3 suspects lose their vote, get a search warrant and may have an optional 2-minute defence.',
      'Everyone else who still has a vote names the killer. A cast vote cannot be changed.',
      'Seekers win if the killer is convicted; shadows win if an innocent is.',
    ],
  },
};

// Whatever the stage, so a player never loses a vote without having been told how.
const LOSING_YOUR_VOTE: Rules = {
  title: 'Losing your vote',
  rules: ['Showing your phone to another player loses your vote.', 'Being caught lying against the evidence loses your vote.'],
};

function RuleSection({ title, rules }: Rules) {
  return (
    <section>
      <h3>{title}</h3>
      <ul>
        {rules.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </section>
  );
}

/** The quick rules of the stage the game is in: the investigation days, the suspect vote or the final vote. */
export function RulesContent({ stage }: { stage: RulesStage }) {
  return (
    <div className="flex flex-col gap-4 text-paper-200 [&_h3]:font-display [&_h3]:text-lg [&_h3]:font-bold [&_h3]:text-paper-50 [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-1">
      <RuleSection {...STAGE_RULES[stage]} />
      <RuleSection {...LOSING_YOUR_VOTE} />
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
