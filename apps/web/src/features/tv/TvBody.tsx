import { QRCodeSVG } from 'qrcode.react';
import { Eye, Gavel, Moon, Skull, UsersRound } from 'lucide-react';
import type { TTvPlayer, TTvView } from '@ss/protocol';
import { joinUrl } from '../host/ShareGame';
import { dayLabel } from '../game/phases';
import { TvClock } from './TvClock';

const nameOf = (p: TTvPlayer) => (p.character ? `${p.character.name} (${p.displayName})` : p.displayName);

function Progress({ label, submitted, eligible, testId }: { label: string; submitted: number; eligible: number; testId: string }) {
  const pct = eligible > 0 ? Math.round((submitted / eligible) * 100) : 0;
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-ink-600 bg-ink-800/80 p-6" data-testid={testId}>
      <h2 className="font-display text-3xl font-bold text-paper-50">{label}</h2>
      <p className="text-2xl text-paper-100" role="status" aria-live="polite">
        <strong className="text-lamp-200">{submitted}</strong> of {eligible} votes in
      </p>
      <div
        className="h-4 overflow-hidden rounded-full bg-ink-700"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={eligible}
        aria-valuenow={submitted}
      >
        <div className="h-full rounded-full bg-lamp-400 transition-[width]" style={{ width: `${pct}%` }} />
      </div>
      <p className="text-paper-300">Only the count is shown: nobody sees who voted for whom.</p>
    </section>
  );
}

function Joining({ view }: { view: TTvView }) {
  const url = joinUrl(view.joinCode);
  return (
    <div className="grid items-center gap-8 md:grid-cols-[minmax(0,1fr)_auto]">
      <div className="flex min-w-0 flex-col gap-4">
        <p className="text-2xl text-paper-200">Join on your phone at</p>
        <p className="text-xl break-words text-paper-100">{window.location.host}/join</p>
        <p className="text-2xl text-paper-200">with the room code</p>
        <p className="typewriter text-6xl tracking-[0.3em] text-lamp-300 lg:text-8xl" data-testid="tv-room-code">
          {view.joinCode}
        </p>
      </div>
      <div className="justify-self-center rounded-2xl bg-paper-50 p-4">
        <QRCodeSVG value={url} size={240} level="M" title={`QR code to join with room code ${view.joinCode}`} role="img" />
      </div>
    </div>
  );
}

function PlayersStrip({ view }: { view: TTvView }) {
  return (
    <section aria-labelledby="tv-players" className="flex flex-col gap-3">
      <h2 id="tv-players" className="flex items-center gap-2 font-display text-2xl font-bold text-paper-50">
        <UsersRound aria-hidden className="size-6 text-lamp-400" /> At the table ({view.players.length})
      </h2>
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(14rem,1fr))] gap-2" data-testid="tv-players-list">
        {view.players.map((p) => (
          <li key={p.id} className="flex min-w-0 items-center gap-3 rounded-lg border border-ink-600 bg-ink-900/60 px-3 py-2">
            {p.character ? <img src={p.character.imageUrl} alt="" className="size-10 shrink-0 rounded-full bg-paper-100 object-cover" /> : null}
            <span className="min-w-0 text-lg break-words text-paper-100">{nameOf(p)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function DayScreen({ view }: { view: TTvView }) {
  const d = view.day;
  if (!d) return null;
  return (
    <section className="flex flex-col gap-4" data-testid="tv-day">
      <img src={d.bannerImage} alt="" className="aspect-[4/1] w-full rounded-2xl bg-ink-700 object-cover" />
      <p className="typewriter text-xl tracking-widest text-lamp-200 uppercase">Day {d.day}</p>
      <h2 className="font-display text-5xl font-bold text-paper-50">{d.date}</h2>
      <p className="font-display text-3xl text-lamp-200">{d.name}</p>
      <p className="max-w-4xl text-2xl text-paper-100">{d.clue}</p>
      {d.maps.length ? (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Maps" data-testid="tv-maps">
          {d.maps.map((m) => (
            <li key={m.url} className="flex flex-col gap-2">
              <img src={m.url} alt={m.alt} className="w-full rounded-xl bg-paper-100 object-contain" />
              <span className="typewriter text-lg text-paper-200">{m.caption}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function TopSuspects({ view }: { view: TTvView }) {
  const byId = new Map(view.players.map((p) => [p.id, p]));
  return (
    <section className="flex flex-col gap-3" data-testid="tv-top-suspects">
      <h2 className="flex items-center gap-2 font-display text-3xl font-bold text-paper-50">
        <Gavel aria-hidden className="size-7 text-lamp-400" /> The Top 3 Suspects
      </h2>
      <ol className="grid gap-3 md:grid-cols-3">
        {(view.topSuspects ?? []).map((t) => {
          const p = byId.get(t.playerId);
          return (
            <li key={t.playerId} className="flex min-w-0 items-center gap-3 rounded-xl border border-ink-600 bg-ink-900/60 p-4">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-lamp-400 font-display text-2xl font-bold text-ink-950">
                <span className="sr-only">Rank </span>
                {t.rank}
              </span>
              <span className="min-w-0 text-xl break-words text-paper-50">{p ? nameOf(p) : 'A player'}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function Verdict({ view }: { view: TTvView }) {
  const v = view.verdict;
  if (!v) return null;
  const seekers = v.winningTeam === 'seekers';
  return (
    <section
      className={`flex flex-col items-center gap-4 rounded-2xl border-2 p-8 text-center ${seekers ? 'border-seeker bg-seeker/15' : 'border-shadow bg-shadow/15'}`}
      data-testid="tv-verdict"
    >
      {seekers ? <Eye aria-hidden className="size-14 text-seeker" /> : <Moon aria-hidden className="size-14 text-shadow" />}
      <h2 className="font-display text-5xl font-bold text-paper-50">{seekers ? 'The Seekers Have Won!' : 'The Shadows Have Won!'}</h2>
      <p className="text-2xl text-paper-100">Accused: {v.accused ?? 'nobody'}</p>
      <p className="flex items-center gap-2 text-2xl text-paper-100">
        <Skull aria-hidden className="size-6 text-blood-300" /> The killer: {v.killer ?? 'not at the table'}
      </p>
    </section>
  );
}

/**
 * The shared reveal on the table screen, in step with every phone: the verdict is in (no names), the accused, the
 * killer and who won, the Shadows, the case's story. Each part appears only when the host (or the pace) reaches it.
 */
function TvReveal({ view }: { view: TTvView }) {
  const r = view.reveal;
  if (!r) return <Verdict view={view} />;
  return (
    <div className="flex flex-col gap-6" data-testid="tv-reveal" data-step={r.step}>
      <section className="flex flex-col items-center gap-3 rounded-2xl border border-ink-600 bg-ink-800/80 p-6 text-center" data-testid="tv-verdict-in">
        <Gavel aria-hidden className="size-12 text-lamp-400" />
        <h2 className="font-display text-4xl font-bold text-paper-50">The Verdict Is In</h2>
        <p className="text-2xl text-paper-200">{view.finalVoting.submittedCount} final votes counted.</p>
      </section>
      {r.step >= 1 ? (
        <section className="rounded-2xl border border-lamp-400/60 p-6 text-center" data-testid="tv-accused">
          <p className="typewriter text-xl tracking-widest text-lamp-300 uppercase">The room accuses</p>
          <p className="font-display text-4xl font-bold break-words text-paper-50">{r.accused ?? 'Nobody'}</p>
        </section>
      ) : null}
      {r.step >= 2 ? <Verdict view={view} /> : null}
      {r.shadows ? (
        <section className="rounded-2xl border border-shadow/70 bg-shadow/10 p-6" data-testid="tv-shadows">
          <h2 className="flex items-center gap-2 font-display text-3xl font-bold text-paper-50">
            <Moon aria-hidden className="size-7 text-shadow" /> The Shadows
          </h2>
          <ul className="mt-3 grid gap-2 md:grid-cols-2">
            {r.shadows.map((n) => (
              <li key={n} className="text-2xl break-words text-paper-100">
                {n}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {r.story ? (
        <section className="rounded-2xl border border-ink-600 bg-ink-800/80 p-6" data-testid="tv-story">
          <h2 className="font-display text-3xl font-bold text-paper-50">The Case&apos;s Story</h2>
          <p className="mt-3 text-xl whitespace-pre-line text-paper-100">{r.story}</p>
        </section>
      ) : null}
    </div>
  );
}

/** The table screen's content for a game's state (the TV page and the late arrival's Watch page share it). */
export function TvBody({ view, clockOffsetMs }: { view: TTvView; clockOffsetMs: number }) {
  if (view.status === 'setup') {
    return (
      <>
        <Joining view={view} />
        <PlayersStrip view={view} />
      </>
    );
  }
  if (view.status === 'completed') return <TvReveal view={view} />;
  const kind = view.phase.kind;
  if (kind === 'homepage') {
    return (
      <>
        <section className="flex flex-col gap-4" data-testid="tv-homepage">
          {view.coverImage ? <img src={view.coverImage} alt="" className="aspect-[16/7] w-full rounded-2xl bg-ink-700 object-cover" /> : null}
          <h2 className="font-display text-4xl font-bold text-paper-50">Read your character</h2>
          <p className="text-2xl text-paper-200">Every player reads their own character on their phone. {dayLabel(1, view.days)} begins when the host opens it.</p>
        </section>
        <PlayersStrip view={view} />
      </>
    );
  }
  if (view.day) return <DayScreen view={view} />;
  if (kind === 'suspect-vote') {
    return view.topSuspects ? (
      <TopSuspects view={view} />
    ) : (
      <Progress label="Suspect Vote" submitted={view.suspectVoting.submittedCount} eligible={view.suspectVoting.eligibleCount} testId="tv-suspect-progress" />
    );
  }
  const speaker = view.defence ? view.players.find((p) => p.id === view.defence?.suspectPlayerId) : undefined;
  return (
    <>
      {view.defence ? <TvClock defence={view.defence} speaker={speaker ? nameOf(speaker) : 'The suspect'} clockOffsetMs={clockOffsetMs} /> : null}
      {view.topSuspects ? <TopSuspects view={view} /> : null}
      <Progress label="Final Vote" submitted={view.finalVoting.submittedCount} eligible={view.finalVoting.eligibleCount} testId="tv-final-progress" />
    </>
  );
}

