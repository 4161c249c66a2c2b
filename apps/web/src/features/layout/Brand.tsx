import { Link } from 'react-router-dom';
import { Search } from 'lucide-react';

export function Brand() {
  return (
    <Link to="/" className="inline-flex min-h-11 items-center gap-2 no-underline" aria-label="Seekers & Shadows, home">
      <span className="flex size-9 items-center justify-center rounded-lg border border-lamp-400/60 bg-ink-800">
        <Search aria-hidden className="size-5 text-lamp-400" />
      </span>
      <span className="font-display text-lg font-bold tracking-tight text-paper-50">
        Seekers <span className="text-lamp-400">&amp;</span> Shadows
      </span>
    </Link>
  );
}
