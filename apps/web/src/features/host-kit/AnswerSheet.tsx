import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BookOpenCheck } from 'lucide-react';
import type { TGameView } from '@ss/protocol';
import { Button, Dialog, DialogContent, DialogTrigger, LoadingState } from '../../components/ui';
import { ErrorState } from '../../components/States';
import { hostKitApi, hostKitKeys } from './hostKitApi';

/**
 * The case's answer sheet, for every seat and the host once the final vote is over and the reveal has named the
 * killer (the server refuses it before). Fetched only when opened.
 */
export function AnswerSheetButton({ game }: { game: TGameView }) {
  const [open, setOpen] = useState(false);
  const q = useQuery({ queryKey: hostKitKeys.answerSheet(game.id), queryFn: () => hostKitApi.answerSheet(game.id), enabled: open, staleTime: Infinity });
  if (game.status !== 'completed' || !game.results) return null;
  const s = q.data;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="lg" data-testid="open-answer-sheet">
          <BookOpenCheck aria-hidden className="size-5" /> Answer sheet
        </Button>
      </DialogTrigger>
      <DialogContent title="Answer sheet" description={s ? s.caseTitle : 'The case, as it really happened.'}>
        {q.isPending ? (
          <LoadingState label="Opening the answer sheet…" />
        ) : q.isError || !s ? (
          <ErrorState title="Could not open the answer sheet" message="Check your connection and try again." />
        ) : (
          <div className="flex max-h-[70vh] flex-col gap-3 overflow-y-auto pr-1 text-paper-100" data-testid="answer-sheet">
            <p className="font-display text-xl font-bold text-paper-50">The killer: {s.killerName}</p>
            <p className="break-words">{s.sheet.summary}</p>
            <h3 className="font-semibold text-lamp-200">Motive</h3>
            <p className="break-words">{s.sheet.motive}</p>
            <h3 className="font-semibold text-lamp-200">Method</h3>
            <p className="break-words">{s.sheet.method}</p>
            <h3 className="font-semibold text-lamp-200">The key clues and who held them</h3>
            <ul className="flex flex-col gap-2">
              {s.sheet.keyClues.map((c, i) => (
                <li key={i} className="break-words">
                  {c.clue} <span className="text-sm text-paper-300">(Day {c.day}: {c.heldBy})</span>
                </li>
              ))}
            </ul>
            <h3 className="font-semibold text-lamp-200">How the table could have reasoned</h3>
            <ol className="flex list-decimal flex-col gap-1 pl-5">
              {s.sheet.reasoning.map((r, i) => (
                <li key={i} className="break-words">
                  {r}
                </li>
              ))}
            </ol>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
