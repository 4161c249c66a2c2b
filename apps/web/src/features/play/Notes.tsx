import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { NotebookPen } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui';
import { playApi, playKeys } from './playApi';

export const NOTES_SAVE_DELAY_MS = 800;
type SaveState = 'idle' | 'saving' | 'saved' | 'error';

/** The player's own notes, saved to the server a moment after typing stops (they survive reloads and phones). */
export function Notes({ gameId }: { gameId: string }) {
  const q = useQuery({ queryKey: playKeys.notes(gameId), queryFn: () => playApi.notes(gameId), staleTime: 0 });
  const [body, setBody] = useState<string | null>(null);
  const [state, setState] = useState<SaveState>('idle');
  const pending = useRef<string | null>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (q.data && body === null) setBody(q.data.body);
  }, [q.data, body]);

  async function flush() {
    window.clearTimeout(timer.current);
    const text = pending.current;
    if (text === null) return;
    pending.current = null;
    setState('saving');
    try {
      await playApi.saveNotes(gameId, text);
      setState(pending.current === null ? 'saved' : 'saving');
    } catch {
      pending.current ??= text;
      setState('error');
      timer.current = window.setTimeout(() => void flush(), 3000);
    }
  }

  // Save what is left when the screen closes.
  useEffect(
    () => () => {
      if (pending.current !== null) void playApi.saveNotes(gameId, pending.current).catch(() => undefined);
      window.clearTimeout(timer.current);
    },
    [gameId],
  );

  function onChange(text: string) {
    setBody(text);
    pending.current = text;
    setState('saving');
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void flush(), NOTES_SAVE_DELAY_MS);
  }

  const status =
    state === 'saving' ? 'Saving…' : state === 'saved' ? 'Saved' : state === 'error' ? 'Not saved yet, retrying…' : q.data?.updatedAt ? 'Saved' : '';

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <NotebookPen aria-hidden className="size-5 text-lamp-400" /> My Notes
        </CardTitle>
        <CardDescription>Only you can read these. They are kept for the whole game.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <label htmlFor="player-notes" className="sr-only">
          My notes
        </label>
        <textarea
          id="player-notes"
          data-testid="notes"
          value={body ?? ''}
          disabled={body === null}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => void flush()}
          maxLength={20_000}
          rows={8}
          placeholder={body === null ? 'Loading your notes…' : 'Who was where, who lied, what did not add up…'}
          className="typewriter min-h-40 w-full rounded-lg border border-ink-500 bg-ink-900 p-3 text-base text-paper-50 placeholder:text-paper-400/80 focus-visible:border-lamp-400"
        />
        <p className="min-h-5 text-right text-sm text-paper-300" role="status" aria-live="polite" data-testid="notes-status">
          {status}
        </p>
      </CardContent>
    </Card>
  );
}
