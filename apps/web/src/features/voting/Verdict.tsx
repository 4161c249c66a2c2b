import { Eye, Moon, Skull } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui';
import { Paragraphs } from '../play/Paragraphs';

/** The team-victory banner: the seekers convicted the killer, or the accused was innocent and the shadows won. */
export function VerdictBanner({ seekersWon, accused }: { seekersWon: boolean; accused: string | null }) {
  return seekersWon ? (
    <section className="rounded-2xl border-2 border-seeker bg-seeker/15 p-5 text-center" data-testid="verdict" data-winner="seekers">
      <Eye aria-hidden className="mx-auto size-10 text-seeker" />
      <h1 className="mt-2 font-display text-3xl font-bold text-paper-50">The Seekers Have Won!</h1>
      {accused ? <p className="mt-1 text-paper-100">{accused} was convicted, and was the killer.</p> : null}
    </section>
  ) : (
    <section className="rounded-2xl border-2 border-shadow bg-shadow/15 p-5 text-center" data-testid="verdict" data-winner="shadows">
      <Moon aria-hidden className="mx-auto size-10 text-shadow" />
      {accused ? (
        <p className="mt-2 text-paper-100">
          {accused} was convicted, and was <strong className="text-paper-50">Innocent</strong>.
        </p>
      ) : (
        <p className="mt-2 text-paper-100">Nobody was convicted.</p>
      )}
      <h1 className="mt-1 font-display text-3xl font-bold text-paper-50">The Shadows Have Won!</h1>
    </section>
  );
}

export function KillerRevealCard({ killer, story }: { killer: string | null; story: string | null }) {
  if (!killer && !story) return null;
  return (
    <Card className="border-blood-400/60" data-testid="killer-reveal">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Skull aria-hidden className="size-5 text-blood-300" /> The Killer Revealed{killer ? `: ${killer}` : ''}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-paper-200">
        {story ? <Paragraphs text={story} /> : null}
      </CardContent>
    </Card>
  );
}
