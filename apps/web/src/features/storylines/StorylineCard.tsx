import { Link, useNavigate } from 'react-router-dom';
import { Clock, Gauge, Users } from 'lucide-react';
import type { TStoryline } from '@ss/protocol';
import { Badge, Button } from '../../components/ui';
import { useCreateGame } from '../game/useCreateGame';
import { formatPrice, playerRange } from './format';

export function StorylineCard({ storyline, signedIn }: { storyline: TStoryline; signedIn: boolean }) {
  const navigate = useNavigate();
  const comingSoon = storyline.status === 'coming_soon';
  const to = `/storyline/${encodeURIComponent(storyline.id)}`;
  const { create, busy } = useCreateGame();

  return (
    <article
      className="group relative flex flex-col overflow-hidden rounded-xl border border-ink-600 bg-ink-800 shadow-lg shadow-black/30 transition-colors hover:border-lamp-400/60"
      data-testid="storyline-card"
    >
      <div className="relative aspect-[16/9] bg-ink-700">
        {storyline.imageUrl ? (
          <img
            src={storyline.imageUrl}
            alt={storyline.imageAlt || storyline.title}
            className="size-full object-cover"
            loading="lazy"
            decoding="async"
          />
        ) : null}
        <span className="absolute top-3 right-3 rounded-lg bg-ink-950/85 px-2.5 py-1 font-semibold text-lamp-300">
          {formatPrice(storyline.price)}
        </span>
        {comingSoon ? (
          <Badge variant="warning" className="absolute top-3 left-3 bg-ink-950/85">
            In Development
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 className="font-display text-xl font-bold text-paper-50">
          {/* Stretched link: the whole card opens the storyline. */}
          <Link to={to} className="no-underline after:absolute after:inset-0 after:content-['']">
            {storyline.title}
          </Link>
        </h3>
        <p className="text-paper-200">{storyline.summary}</p>
        <ul className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-sm text-paper-300" aria-label="Details">
          <li className="inline-flex items-center gap-1.5">
            <Users aria-hidden className="size-4 text-lamp-400" />
            {playerRange(storyline.minPlayers, storyline.maxPlayers)}
          </li>
          <li className="inline-flex items-center gap-1.5">
            <Clock aria-hidden className="size-4 text-lamp-400" />
            {storyline.duration}
          </li>
          <li className="inline-flex items-center gap-1.5">
            <Gauge aria-hidden className="size-4 text-lamp-400" />
            {storyline.difficulty || 'Intermediate'}
          </li>
        </ul>
        <Button
          block
          size="lg"
          variant={comingSoon ? 'outline' : 'primary'}
          className="relative z-10"
          onClick={() => navigate(signedIn ? to : '/auth')}
        >
          {comingSoon ? (storyline.onSale ? 'Prepurchase' : 'Coming soon') : 'Purchase & Play'}
        </Button>
        {signedIn && !comingSoon ? (
          // Hosts who own (or may host) the storyline start a game straight from the landing page.
          <Button block variant="outline" className="relative z-10" disabled={busy} onClick={() => void create(storyline.id)}>
            {busy ? 'Creating…' : 'Host a Game'}
          </Button>
        ) : null}
      </div>
    </article>
  );
}
