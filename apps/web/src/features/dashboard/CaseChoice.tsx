import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TStoryline } from '@ss/protocol';
import { Select } from '../../components/ui';
import { gamesApi } from '../game/gamesApi';

/** The value of "Surprise me" in the case list: no case number is sent, the server deals one. */
export const SURPRISE_ME = 'surprise';

/**
 * The case of a new game: "Surprise me" (the default: a case this host has not finished yet, else any) or a case
 * by number. A case is named only once this host has finished a game of it: a title can give the answer away, and
 * the host plays blind like everyone else. Below, the cases this host has played, so a group can pick a fresh one.
 */
export function CaseChoice({ storyline, value, onChange }: { storyline: TStoryline; value: string; onChange: (value: string) => void }) {
  const id = useId();
  const cases = useQuery({ queryKey: ['dashboard', 'cases', storyline.id], queryFn: () => gamesApi.cases(storyline.id), staleTime: 0 });
  const list = cases.data?.cases ?? [];
  const played = list.filter((k) => k.title !== null);
  const options = [
    { value: SURPRISE_ME, label: 'Surprise me (a case you have not played yet)' },
    ...list.map((k) => ({ value: String(k.number), label: k.title ? `Case ${k.number}: ${k.title} (played)` : `Case ${k.number}` })),
  ];
  return (
    <div className="flex flex-col gap-1" data-testid="case-choice">
      <label id={`${id}-label`} className="text-sm text-paper-200">
        Case <span className="text-paper-400">({storyline.caseCount} cases, one cast)</span>
      </label>
      <Select aria-labelledby={`${id}-label`} value={value} onValueChange={onChange} options={options} />
      <p className="text-sm text-paper-300" data-testid="cases-played">
        {played.length === 0
          ? 'You have not finished a case of this storyline yet.'
          : `Cases you have played: ${played.map((k) => `${k.title} (${k.finishedGames}×)`).join(', ')}.`}
      </p>
    </div>
  );
}

/** The case number to send for a choice ("Surprise me" sends none). */
export const caseNumberOf = (value: string): number | undefined => (value === SURPRISE_ME ? undefined : Number(value));
