import { useParams } from 'react-router-dom';
import { Radio, WifiOff } from 'lucide-react';
import { ButtonLink, LoadingState } from '../components/ui';
import { ErrorState } from '../components/States';
import { phaseRefName } from '../features/game/phases';
import { TvBody } from '../features/tv/TvBody';
import { useTvView } from '../features/tv/useTvView';

/** /tv/:joinCode: the table screen for a laptop or TV. Read-only, no login beyond the room code. */
export default function TvPage() {
  const { joinCode = '' } = useParams();
  const state = useTvView(joinCode.toUpperCase());

  if (state.kind === 'loading') return <LoadingState label="Opening the table screen…" />;
  if (state.kind === 'error') {
    return (
      <main id="main" className="mx-auto max-w-2xl px-safe pt-16">
        <ErrorState
          title={state.notFound ? 'Game not found' : 'Could not open the table screen'}
          message={state.message}
          action={<ButtonLink to="/">Back to Home</ButtonLink>}
        />
      </main>
    );
  }
  const { view } = state;
  return (
    <main id="main" className="mx-auto flex w-full max-w-7xl flex-col gap-8 px-safe py-6 lg:px-10" data-testid="tv" data-phase={view.currentPhase} data-phase-kind={view.phase.kind} data-status={view.status}>
      <header className="flex flex-wrap items-center justify-between gap-4 border-b border-ink-700 pb-4">
        <div className="min-w-0">
          <p className="typewriter text-lg tracking-widest text-lamp-300 uppercase">
            {view.status === 'setup' ? 'Joining' : view.status === 'completed' ? 'Verdict' : phaseRefName(view.phase, view.days)}
          </p>
          <h1 className="font-display text-4xl font-bold break-words text-paper-50 lg:text-5xl">{view.title}</h1>
        </div>
        <p className="flex items-center gap-2 text-lg text-paper-300">
          {state.live ? <Radio aria-hidden className="size-5 text-moss-300" /> : <WifiOff aria-hidden className="size-5 text-lamp-300" />}
          <span>
            Room <span className="typewriter text-paper-50">{view.joinCode}</span> · {state.live ? 'Live' : 'Reconnecting…'}
          </span>
        </p>
      </header>
      <TvBody view={view} clockOffsetMs={state.clockOffsetMs} />
    </main>
  );
}
