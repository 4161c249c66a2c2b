import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, Lightbulb, NotebookPen } from 'lucide-react';
import type { TGameView, THostHint } from '@ss/protocol';
import { Button, Checkbox, ConfirmDialog } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { toast } from '../../store/toast';
import { hostKitApi, hostKitKeys } from './hostKitApi';
import { useServerNow } from '../table-live/useNow';

/** Ticks are the host's own memory aid: kept on this phone for this game and phase only. */
function useTicks(key: string): [Set<number>, (i: number, on: boolean) => void] {
  const read = () => {
    try {
      return new Set<number>(JSON.parse(sessionStorage.getItem(key) ?? '[]') as number[]);
    } catch {
      return new Set<number>();
    }
  };
  const [ticks, setTicks] = useState(read);
  const [seenKey, setSeenKey] = useState(key);
  if (seenKey !== key) {
    setSeenKey(key);
    setTicks(read());
  }
  const set = (i: number, on: boolean) => {
    const next = new Set(ticks);
    if (on) next.add(i);
    else next.delete(i);
    setTicks(next);
    sessionStorage.setItem(key, JSON.stringify([...next]));
  };
  return [ticks, set];
}

function HintButton({ game, hint, pushed }: { game: TGameView; hint: THostHint; pushed: boolean }) {
  const opensLater = game.phase.kind === 'day' && (game.phase.day ?? 0) < hint.fromDay;
  const disabled = pushed || opensLater || game.phase.kind === 'homepage';
  async function push() {
    try {
      await hostKitApi.pushHint(game.id, hint.id);
      toast({ title: 'Hint sent', description: `Every phone shows: ${hint.title}`, variant: 'success', duration: 3000 });
    } catch (err) {
      toast({ title: 'Could not send the hint', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    }
  }
  const label = pushed ? 'Sent' : opensLater ? `Opens on day ${hint.fromDay}` : game.phase.kind === 'homepage' ? 'Opens with day 1' : 'Push to every phone';
  return (
    <li className="flex flex-col gap-1 rounded-lg border border-paper-400/30 p-2">
      <p className="font-semibold break-words text-paper-50">{hint.title}</p>
      <p className="text-sm break-words text-paper-300">{hint.text}</p>
      <ConfirmDialog
        title="Push this hint to every phone?"
        description={`Every player sees the card "${hint.title}" now, and it stays in the game's record.`}
        confirmLabel="Push hint"
        onConfirm={push}
        trigger={
          <Button size="md" variant={pushed ? 'ghost' : 'secondary'} disabled={disabled} data-testid={`push-hint-${hint.id}`} aria-label={`${label}: ${hint.title}`}>
            <Lightbulb aria-hidden className="size-4" /> {label}
          </Button>
        }
      />
    </li>
  );
}

/**
 * The host's script for the current phase, on the host's (co-host's, acting host's) phone only: the read-aloud
 * opener, the target minutes, the "by now the table should know" checklist and the hint cards, collapsed by default
 * so the host's own character screen stays in view.
 */
export function HostNotes({ game }: { game: TGameView }) {
  const [open, setOpen] = useState(false);
  const q = useQuery({ queryKey: hostKitKeys.kit(game.id), queryFn: () => hostKitApi.kit(game.id), staleTime: Infinity, retry: 1 });
  const [ticks, tick] = useTicks(`host-notes:${game.id}:${game.phase.key}`);
  const since = game.phaseStartedAt ?? null;
  const now = useServerNow(since !== null && game.status === 'in_progress', 15_000);
  const elapsed = since === null ? null : Math.max(0, Math.floor((now - since) / 60_000));
  if (game.status !== 'in_progress' || q.isError) return null;
  const kit = q.data?.kit;
  const notes = kit?.phases[game.phase.key];
  const pushed = new Set((game.hints ?? []).map((h) => h.hintId));
  // The phase's own hints first, then the rest.
  const hints = kit ? [...kit.hints].sort((a, b) => Number(!notes?.hintIds.includes(a.id)) - Number(!notes?.hintIds.includes(b.id))) : [];

  return (
    <div className="rounded-lg border border-lamp-400/40" data-testid="host-notes">
      <button
        type="button"
        className="flex min-h-11 w-full items-center justify-between gap-2 px-3 text-left font-semibold text-lamp-100"
        aria-expanded={open}
        aria-controls="host-notes-body"
        onClick={() => setOpen(!open)}
      >
        <span className="flex items-center gap-2">
          <NotebookPen aria-hidden className="size-4" /> Host notes
          {notes ? (
            <span className="font-normal text-paper-300">
              · {elapsed !== null ? `${elapsed} of ` : ''}
              {notes.targetMinutes} min
            </span>
          ) : null}
        </span>
        <ChevronDown aria-hidden className={`size-4 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`} />
      </button>
      {open ? (
        <div id="host-notes-body" className="flex flex-col gap-3 px-3 pb-3">
          {!kit ? (
            <p className="text-sm text-paper-300">Loading the notes…</p>
          ) : (
            <>
              {notes ? (
                <>
                  <p className="typewriter text-xs text-paper-300" data-testid="host-timing">
                    Target: {notes.targetMinutes} minutes
                    {elapsed !== null ? ` · ${elapsed} min in this phase${elapsed > notes.targetMinutes ? ' (over time)' : ''}` : ''}
                  </p>
                  <div>
                    <h3 className="text-sm font-semibold text-paper-100">Read aloud</h3>
                    <blockquote className="mt-1 border-l-2 border-lamp-400/60 pl-3 break-words text-paper-50" data-testid="host-opener">
                      {notes.opener}
                    </blockquote>
                  </div>
                  {notes.checklist.length > 0 ? (
                    <div>
                      <h3 className="text-sm font-semibold text-paper-100">By now the table should know</h3>
                      <ul className="mt-1 flex flex-col gap-2">
                        {notes.checklist.map((item, i) => (
                          <li key={i} className="flex items-start gap-3">
                            <Checkbox id={`check-${i}`} checked={ticks.has(i)} onCheckedChange={(v) => tick(i, v === true)} className="mt-0.5" />
                            <label htmlFor={`check-${i}`} className="min-w-0 break-words text-sm text-paper-200">
                              {item}
                            </label>
                          </li>
                        ))}
                      </ul>
                    </div>
                  ) : null}
                </>
              ) : (
                <p className="text-sm text-paper-300">No notes for this phase.</p>
              )}
              <div>
                <h3 className="text-sm font-semibold text-paper-100">Hint cards</h3>
                <p className="text-xs text-paper-300">For a table that is stuck. A hint points at evidence, never at a name.</p>
                <ul className="mt-2 flex flex-col gap-2">
                  {hints.map((h) => (
                    <HintButton key={h.id} game={game} hint={h} pushed={pushed.has(h.id)} />
                  ))}
                </ul>
              </div>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
