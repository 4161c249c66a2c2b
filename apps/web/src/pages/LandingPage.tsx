import { useDeferredValue } from 'react';
import { Drama, Layers, Users } from 'lucide-react';
import { ButtonLink } from '../components/ui';
import { LoadingState } from '../components/ui';
import { EmptyState, ErrorState } from '../components/States';
import { SiteHeader } from '../features/layout/SiteHeader';
import { StorylineCard } from '../features/storylines/StorylineCard';
import { useStorylines } from '../features/storylines/queries';
import { selectSignedIn, useSessionStore } from '../store/session';

const features = [
  {
    icon: Users,
    title: 'Host & Play',
    text: 'The host sets up the game, shares a room code and plays along. Nobody, not even the host, knows who the killer is.',
  },
  {
    icon: Layers,
    title: 'Multi-Phase Gameplay',
    text: 'Four story days of new evidence, a suspect vote with search warrants, then a final vote to convict the killer.',
  },
  {
    icon: Drama,
    title: 'Character Roles',
    text: 'Every player gets a character with secrets and a hidden team: Seekers hunt the truth, Shadows protect the killer.',
  },
];

export default function LandingPage() {
  const signedIn = useSessionStore(selectSignedIn);
  const hasToken = useSessionStore((s) => Boolean(s.token));
  const storylines = useStorylines();
  // The cards render in the background once the list arrives (a render React can interrupt), not in one long task
  // while the phone is still starting the app.
  const list = useDeferredValue(storylines.data);

  return (
    <>
      <SiteHeader />
      <main id="main" className="pb-safe">
        <section className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-safe pt-12 pb-10 text-center sm:pt-20">
          <p className="typewriter text-sm tracking-widest text-lamp-300 uppercase">A murder-mystery party game</p>
          <h1 className="font-display text-4xl font-bold text-paper-50 sm:text-6xl">
            Someone in this room <span className="text-lamp-400">is lying.</span>
          </h1>
          <p className="max-w-2xl text-lg text-paper-200">
            Gather your friends, pick up your phones and step into 1986. Read your character, question everyone, and find
            the killer before the Shadows frame an innocent neighbour.
          </p>
          <div className="flex w-full max-w-md flex-col gap-3 sm:flex-row sm:justify-center">
            {signedIn ? (
              <>
                <ButtonLink to="/dashboard" size="lg" block>
                  Dashboard
                </ButtonLink>
                <ButtonLink to="/join" size="lg" variant="secondary" block>
                  Join Game
                </ButtonLink>
              </>
            ) : (
              <>
                <ButtonLink to="/auth" size="lg" block>
                  Launch Game
                </ButtonLink>
                <ButtonLink to="/join" size="lg" variant="secondary" block>
                  Join Game
                </ButtonLink>
              </>
            )}
          </div>
        </section>

        <section id="about" aria-labelledby="about-title" className="mx-auto max-w-6xl scroll-mt-4 px-safe py-8">
          <h2 id="about-title" className="sr-only">
            About the game
          </h2>
          <ul className="grid gap-4 sm:grid-cols-3">
            {features.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border border-ink-600 bg-ink-800/80 p-5">
                <Icon aria-hidden className="mb-3 size-7 text-lamp-400" />
                <h3 className="font-display text-xl font-bold text-paper-50">{title}</h3>
                <p className="mt-2 text-paper-200">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section id="storylines" aria-labelledby="storylines-title" className="mx-auto max-w-6xl scroll-mt-4 px-safe py-8">
          <div className="mb-5 flex flex-wrap items-end justify-between gap-2">
            <h2 id="storylines-title" className="font-display text-3xl font-bold text-paper-50">
              Choose a Mystery
            </h2>
            <p className="text-sm text-paper-300">100% money-back guarantee</p>
          </div>
          {storylines.isError ? (
            <ErrorState
              title="Failed to fetch storylines"
              message="Check your connection and try again."
              action={
                <button
                  type="button"
                  onClick={() => void storylines.refetch()}
                  className="min-h-11 rounded-lg px-4 font-semibold text-lamp-300 underline"
                >
                  Try again
                </button>
              }
            />
          ) : list === undefined ? (
            <LoadingState label="Loading storylines…" />
          ) : list.length === 0 ? (
            <EmptyState title="No storylines available at the moment." />
          ) : (
            <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {list.map((s) => (
                <StorylineCard key={s.id} storyline={s} signedIn={hasToken} />
              ))}
            </div>
          )}
        </section>

        <footer className="mx-auto max-w-6xl px-safe py-10 text-center text-sm text-paper-400">
          Seekers &amp; Shadows · a game for 4 to 20 players · 1-3 hours
        </footer>
      </main>
    </>
  );
}
