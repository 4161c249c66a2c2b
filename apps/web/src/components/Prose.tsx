import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** A titled section of reading text, split into short parts for phones. */
export function Section({ icon: Icon, title, children, id }: { icon?: LucideIcon; title: string; children: ReactNode; id?: string }) {
  return (
    <section id={id} aria-labelledby={id ? `${id}-title` : undefined} className="rounded-xl border border-ink-600 bg-ink-800/80 p-5">
      <h2 id={id ? `${id}-title` : undefined} className="flex items-center gap-2 font-display text-2xl font-bold text-paper-50">
        {Icon ? <Icon aria-hidden className="size-6 shrink-0 text-lamp-400" /> : null}
        {title}
      </h2>
      <div className="mt-3 flex flex-col gap-3 text-paper-200 [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_strong]:text-paper-50 [&_ul]:list-disc [&_ul]:space-y-1.5">
        {children}
      </div>
    </section>
  );
}
