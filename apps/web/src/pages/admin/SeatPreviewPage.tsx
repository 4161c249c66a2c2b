import { useEffect, useMemo, useRef, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TSeatPreview } from '@ss/protocol';
import { Label, LoadingState, Select } from '../../components/ui';
import { PageHeader } from '../../components/Page';
import { ErrorState } from '../../components/States';
import { AdminNav } from '../../features/admin-nav/AdminNav';
import { HostHeader } from '../../features/dashboard/HostHeader';
import { useStorylines } from '../../features/storylines/queries';
import { previewErrorText, useSeatPreview, type SeatPreviewChoice } from '../../features/admin-preview/seatPreviewApi';
import { playKeys } from '../../features/play/playApi';
import { HomepageView } from '../../features/play/HomepageView';
import { DayView } from '../../features/play/DayView';

const PARAMS = ['case', 'players', 'as', 'day', 'team'] as const;
const ANY_SIDE = 'dealt';

/**
 * The phone's own screen for the seat: the homepage or the day page components a player's phone renders, given
 * the views the server built. The day page reads its day through its usual query, answered here from the preview
 * (a client of its own, so nothing is fetched and nothing mixes with the app's cache).
 */
function PhoneScreen({ preview }: { preview: TSeatPreview }) {
  const client = useMemo(() => {
    const c = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false } } });
    if (preview.dayContent) c.setQueryData(playKeys.day(preview.game.id, preview.characterId, preview.day), preview.dayContent);
    return c;
  }, [preview]);
  const ctx = { game: preview.game, me: preview.me, character: preview.me.character! };
  // A query keeps the client it was first made with: each preview mounts the screen afresh on its own client.
  const key = `${preview.caseId}/${preview.players}/${preview.characterId}/${preview.day}/${preview.me.team ?? ''}`;
  return (
    <QueryClientProvider client={client} key={key}>
      {preview.day === 0 ? <HomepageView {...ctx} /> : <DayView {...ctx} day={preview.day} />}
    </QueryClientProvider>
  );
}

function Choice({ id, label, value, options, onChange }: { id: string; label: string; value: string; options: Array<{ value: string; label: string }>; onChange: (v: string) => void }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label id={`${id}-label`} htmlFor={id}>
        {label}
      </Label>
      <Select id={id} aria-labelledby={`${id}-label`} value={value} onValueChange={onChange} options={options} />
    </div>
  );
}

/** /admin/seat-preview: any seat's homepage or day as its phone shows it, for a storyline, case, size and character. */
export default function SeatPreviewPage() {
  const [params, setParams] = useSearchParams();
  const storylines = useStorylines();
  const playable = (storylines.data ?? []).filter((s) => s.characterCount > 0);
  const storylineId = params.get('storyline') ?? playable[0]?.id ?? '';
  const choice: SeatPreviewChoice = Object.fromEntries(PARAMS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : [])));
  const q = useSeatPreview(storylineId, choice);
  const p = q.data;
  // Another screen starts at its top, as a phone's next page does.
  const screen = useRef<HTMLDivElement>(null);
  const shown = p ? `${p.caseId}/${p.players}/${p.characterId}/${p.day}` : '';
  useEffect(() => {
    screen.current?.scrollTo(0, 0);
  }, [shown]);

  const choose = (key: 'storyline' | (typeof PARAMS)[number], value: string) => {
    const next = new URLSearchParams(params);
    if (key === 'storyline') for (const k of PARAMS) next.delete(k);
    // A smaller table may not deal the character chosen: the first one dealt then.
    if (key === 'players' && p && p.choices.dealt.findIndex((c) => c.id === p.characterId) >= Number(value)) next.delete('as');
    if (key === 'team' && value === ANY_SIDE) next.delete('team');
    else next.set(key, value);
    setParams(next, { replace: true });
  };
  // The phone's own links (the day navigation) move the preview instead of leaving for a game that does not exist.
  const followInPreview = (e: MouseEvent) => {
    const link = (e.target as HTMLElement).closest('a');
    if (!link) return;
    e.preventDefault();
    const day = /\/day\/(\d+)/.exec(link.pathname)?.[1] ?? (link.pathname.endsWith('/homepage') ? '0' : null);
    if (day !== null) choose('day', day);
  };

  return (
    <>
      <HostHeader />
      {/* Not a Page: the phone's own screen below is the page's one main landmark, as on the phone. */}
      <div className="mx-auto w-full max-w-6xl px-safe pb-8">
        <AdminNav current="preview" />
        <PageHeader title="Seat Preview" subtitle="Any seat's homepage or day, as its phone shows it, without a game." />
        {storylines.isPending ? <LoadingState label="Loading storylines…" /> : null}
        {p ? (
          <form className="grid grid-cols-1 gap-3 pb-4 sm:grid-cols-3 lg:grid-cols-6" aria-label="What to preview" onSubmit={(e) => e.preventDefault()}>
            <Choice id="sp-storyline" label="Storyline" value={storylineId} options={playable.map((s) => ({ value: s.id, label: s.title }))} onChange={(v) => choose('storyline', v)} />
            <Choice id="sp-case" label="Case" value={p.caseId} options={p.choices.cases.map((k) => ({ value: k.id, label: k.title }))} onChange={(v) => choose('case', v)} />
            <Choice
              id="sp-players"
              label="Players"
              value={String(p.players)}
              options={Array.from({ length: p.choices.maxPlayers - p.choices.minPlayers + 1 }, (_, i) => String(p.choices.minPlayers + i)).map((n) => ({ value: n, label: `${n} players` }))}
              onChange={(v) => choose('players', v)}
            />
            <Choice id="sp-as" label="Character" value={p.characterId} options={p.choices.dealt.map((c) => ({ value: c.id, label: c.name }))} onChange={(v) => choose('as', v)} />
            <Choice
              id="sp-day"
              label="Screen"
              value={String(p.day)}
              options={[{ value: '0', label: 'Homepage' }, ...p.choices.days.map((d) => ({ value: String(d.day), label: `Day ${d.day}: ${d.name}` }))]}
              onChange={(v) => choose('day', v)}
            />
            <Choice
              id="sp-team"
              label="Side"
              value={choice.team ?? ANY_SIDE}
              options={[
                { value: ANY_SIDE, label: `As dealt (${p.me.team === 'shadow' ? 'Shadow' : 'Seeker'})` },
                { value: 'seeker', label: 'A deal as a Seeker' },
                { value: 'shadow', label: 'A deal as a Shadow' },
              ]}
              onChange={(v) => choose('team', v)}
            />
          </form>
        ) : null}
        {q.isError ? <ErrorState {...previewErrorText(q.error)} /> : null}
        {q.isPending && storylineId ? <LoadingState label="Dealing the seat…" /> : null}
        {p && !q.isError ? (
          // A transformed frame holds the phone's fixed bars (its bottom action bar) inside the 360-px screen.
          <div
            className="mx-auto h-[740px] w-[360px] max-w-full overflow-hidden rounded-[2rem] border-4 border-ink-600 bg-ink-950 [transform:translateZ(0)]"
            data-testid="phone-frame"
            aria-label={`Phone of ${p.me.character?.name ?? 'the seat'}`}
            role="region"
            aria-busy={q.isFetching}
          >
            <div ref={screen} className="h-full overflow-y-auto" onClickCapture={followInPreview}>
              <PhoneScreen preview={p} />
            </div>
          </div>
        ) : null}
      </div>
    </>
  );
}
