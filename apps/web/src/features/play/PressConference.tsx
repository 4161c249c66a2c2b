import { Megaphone, Radio } from 'lucide-react';

/** The press-conference reader gets the script; everyone else waits for it to be read aloud. */
export function PressConference({ script }: { script: string | null }) {
  if (script) {
    return (
      <section aria-labelledby="press-title" className="rounded-xl border-2 border-lamp-400/70 bg-lamp-400/10 p-5" data-testid="press-conference-script">
        <h2 id="press-title" className="flex items-center gap-2 font-display text-2xl font-bold text-paper-50">
          <Megaphone aria-hidden className="size-6 text-lamp-300" /> Press Conference
        </h2>
        <p className="mt-1 text-sm font-semibold text-lamp-200">Read this aloud to everyone when the host asks you to.</p>
        <p className="typewriter mt-3 whitespace-pre-line text-paper-100">{script}</p>
      </section>
    );
  }
  return (
    <section
      aria-labelledby="press-wait-title"
      className="flex items-start gap-3 rounded-xl border border-ink-500 bg-ink-800/80 p-4"
      data-testid="press-conference-banner"
    >
      <Radio aria-hidden className="mt-1 size-6 shrink-0 text-lamp-300" />
      <div>
        <h2 id="press-wait-title" className="font-display text-xl font-bold text-paper-50">
          Wait for Press Conference
        </h2>
        <p className="text-paper-200">The detective will read a statement to the village. Listen carefully before you start talking.</p>
      </div>
    </section>
  );
}
