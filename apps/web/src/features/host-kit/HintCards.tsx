import { Lightbulb } from 'lucide-react';
import { MAX_DAYS, phaseTable, type TGameView, type TPhaseRef } from '@ss/protocol';
import { phaseRefName } from '../game/phases';

/** The phase a key names (every table that has the key has the same row; the longest table has every key). */
export function refOfKey(key: string): TPhaseRef {
  const t = phaseTable(MAX_DAYS);
  const row = t.phases.find((p) => p.key === key) ?? t.outcome;
  return { key: row.key, kind: row.kind, day: row.day };
}

/** The hint cards the host pushed, newest first, on every phase screen of every phone (they are not secret). */
export function HintCards({ game }: { game: TGameView }) {
  const hints = game.hints ?? [];
  if (hints.length === 0) return null;
  return (
    <section aria-labelledby="hint-cards-title" data-testid="hint-cards" className="flex flex-col gap-2">
      <h2 id="hint-cards-title" className="flex items-center gap-2 font-display text-lg font-bold text-lamp-200">
        <Lightbulb aria-hidden className="size-5" /> Hints from the host
      </h2>
      <ul className="flex flex-col gap-2">
        {[...hints].reverse().map((h) => (
          <li key={h.hintId} data-testid="hint-card" className="rounded-xl border border-lamp-400/50 bg-ink-900 p-3">
            <p className="font-semibold break-words text-paper-50">{h.title}</p>
            <p className="mt-1 break-words text-paper-200">{h.text}</p>
            <p className="typewriter mt-1 text-xs text-paper-300">Pushed during {phaseRefName(refOfKey(h.phaseKey), game.storyline.days)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
