import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Eye, Radio, WifiOff } from 'lucide-react';
import type { TTvView } from '@ss/protocol';
import { ButtonLink, LoadingState } from '../components/ui';
import { ErrorState } from '../components/States';
import { phaseRefName } from '../features/game/phases';
import { storePlayerSession } from '../features/game/joinSession';
import { rememberPin } from '../features/seats/pinStore';
import { liveApi } from '../features/table-live/liveApi';
import { forgetWatching, watchingFor } from '../features/table-live/watchStore';
import { TvBody } from '../features/tv/TvBody';
import { useTvView } from '../features/tv/useTvView';

/** How often a watching late arrival asks whether the host has seated them. */
const CLAIM_POLL_MS = 3000;

/** Whether the host may still seat a late arrival: from the start to the end of Day 1. */
const seatingOpen = (v: TTvView) => v.status === 'in_progress' && (v.phase.kind === 'homepage' || (v.phase.kind === 'day' && v.phase.day === 1));

/** Asks, while the phone watches, whether its seat is ready; collects it once and opens the catch-up. */
function useSeatClaim(joinCode: string, open: boolean) {
  const navigate = useNavigate();
  const [arrival] = useState(() => watchingFor(joinCode));
  useEffect(() => {
    if (!arrival || !open) return;
    let stopped = false;
    const ask = async () => {
      try {
        const res = await liveApi.claimSeat(arrival.gameId, arrival.arrivalId, arrival.claimSecret);
        if (stopped || res.status !== 'granted') return;
        stopped = true;
        forgetWatching(joinCode);
        if (res.pin) rememberPin(res.playerId, res.pin);
        navigate(storePlayerSession(res, arrival.displayName, `/play/${res.gameId}/catch-up`));
      } catch {
        /* asked again on the next tick */
      }
    };
    void ask();
    const t = window.setInterval(() => void ask(), CLAIM_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(t);
    };
  }, [arrival, open, joinCode, navigate]);
  return arrival;
}

/**
 * /watch/:joinCode: the table screen on a late arrival's phone. Read-only and without secrets (the same view as
 * the TV); it follows the game live, and while the host may still seat this phone it says so and moves on to the
 * catch-up by itself once seated.
 */
export default function WatchPage() {
  const { joinCode = '' } = useParams();
  const code = joinCode.toUpperCase();
  const state = useTvView(code);
  const open = state.kind === 'ready' && seatingOpen(state.view);
  const arrival = useSeatClaim(code, open);

  if (state.kind === 'loading') return <LoadingState label="Opening the game…" />;
  if (state.kind === 'error') {
    return (
      <main id="main" className="mx-auto max-w-2xl px-safe pt-16">
        <ErrorState title={state.notFound ? 'Game not found' : 'Could not open the game'} message={state.message} action={<ButtonLink to="/">Back to Home</ButtonLink>} />
      </main>
    );
  }
  const { view } = state;
  return (
    <main id="main" className="watch-screen mx-auto flex w-full max-w-2xl flex-col gap-5 px-safe py-4" data-testid="watch" data-phase={view.currentPhase} data-status={view.status}>
      <header className="flex flex-col gap-1 border-b border-ink-700 pb-3">
        <p className="flex items-center gap-2 text-sm text-paper-300">
          {state.live ? <Radio aria-hidden className="size-4 text-moss-300" /> : <WifiOff aria-hidden className="size-4 text-lamp-300" />}
          <span>
            Watching live · Room <span className="typewriter text-paper-50">{view.joinCode}</span> · {state.live ? 'Live' : 'Reconnecting…'}
          </span>
        </p>
        <p className="typewriter text-sm tracking-widest text-lamp-300 uppercase">
          {view.status === 'setup' ? 'Joining' : view.status === 'completed' ? 'Verdict' : phaseRefName(view.phase, view.days)}
        </p>
        <h1 className="font-display text-2xl font-bold break-words text-paper-50">{view.title}</h1>
      </header>
      {arrival ? (
        <p className="flex items-start gap-2 rounded-xl border border-lamp-400/50 bg-lamp-400/10 p-3 text-paper-100" role="status" data-testid="watch-seat-status">
          <Eye aria-hidden className="mt-0.5 size-5 shrink-0 text-lamp-300" />
          <span>
            {open
              ? `You watch as ${arrival.displayName}. The host can deal you a character until the end of Day 1; this phone joins by itself.`
              : `You watch as ${arrival.displayName}. Seats are dealt only until the end of Day 1: enjoy the game.`}
          </span>
        </p>
      ) : null}
      <TvBody view={view} clockOffsetMs={state.clockOffsetMs} />
    </main>
  );
}
