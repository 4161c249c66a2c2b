import { PlayCircle, ZoomIn } from 'lucide-react';
import type { TMediaItem } from '@ss/protocol';
import { cn } from '../../lib/cn';
import { MediaViewer, useMediaViewer } from './MediaViewer';

/** A grid of evidence thumbnails; each opens the full-screen viewer at that item. */
export function MediaGallery({
  items,
  empty,
  label,
  className,
  columns = 2,
}: {
  items: readonly TMediaItem[];
  /** Shown when there is nothing to show. */
  empty?: string;
  /** Accessible name of the list. */
  label: string;
  className?: string;
  columns?: 1 | 2 | 3;
}) {
  const [index, setIndex] = useMediaViewer();
  if (items.length === 0) {
    return empty ? <p className="text-paper-300 italic">{empty}</p> : null;
  }
  return (
    <>
      <ul
        aria-label={label}
        // list-none! / ml-0!: a gallery inside a prose section is a grid of pictures, not a bulleted list.
        className={cn('grid list-none! gap-3 space-y-0!', columns === 1 ? 'grid-cols-1' : columns === 3 ? 'grid-cols-2 sm:grid-cols-3' : 'grid-cols-2', className)}
      >
        {items.map((m, i) => (
          <li key={`${m.url}-${i}`} className="ml-0! min-w-0">
            <button
              type="button"
              onClick={() => setIndex(i)}
              className="group flex w-full flex-col overflow-hidden rounded-lg border border-ink-500 bg-ink-900 text-left hover:border-lamp-400"
              aria-label={`Open ${m.caption} full screen`}
              data-testid="media-thumb"
            >
              <span className="relative block aspect-[4/3] w-full bg-paper-100">
                {m.type === 'video' ? (
                  <span className="flex size-full items-center justify-center bg-ink-700">
                    <PlayCircle aria-hidden className="size-10 text-paper-100" />
                  </span>
                ) : (
                  <img src={m.url} alt={m.alt} loading="lazy" className="size-full object-contain" />
                )}
                <ZoomIn
                  aria-hidden
                  className="absolute right-1.5 bottom-1.5 size-7 rounded-full bg-ink-950/80 p-1.5 text-paper-50 opacity-90 group-hover:opacity-100"
                />
              </span>
              <span className="typewriter px-2 py-1.5 text-sm leading-snug text-paper-200">{m.caption}</span>
            </button>
          </li>
        ))}
      </ul>
      <MediaViewer items={items} index={index} onIndexChange={setIndex} />
    </>
  );
}
