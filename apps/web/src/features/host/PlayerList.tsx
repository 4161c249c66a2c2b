import { Crown, UserRound } from 'lucide-react';
import type { TPublicPlayer } from '@ss/protocol';
import { Badge } from '../../components/ui';
import { cn } from '../../lib/cn';

/** Players with presence (colour AND word) and their character, live from the store. */
export function PlayerList({ players, online }: { players: TPublicPlayer[]; online: string[] }) {
  const onlineSet = new Set(online);
  return (
    <ul className="flex flex-col gap-2" aria-label="Players" data-testid="player-list">
      {players.map((p) => {
        const here = onlineSet.has(p.id);
        return (
          <li
            key={p.id}
            className="flex items-center gap-3 rounded-lg border border-ink-600 bg-ink-900/60 px-3 py-2"
            data-testid="player-row"
          >
            <span className="relative">
              <UserRound aria-hidden className="size-8 rounded-full bg-ink-700 p-1.5 text-paper-300" />
              <span
                aria-hidden
                className={cn(
                  'absolute -right-0.5 -bottom-0.5 size-3 rounded-full border-2 border-ink-900',
                  here ? 'bg-moss-300' : 'bg-paper-400/60',
                )}
              />
            </span>
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-paper-50">
                <span className="truncate">{p.displayName}</span>
                {p.isHost ? (
                  <Badge variant="lamp">
                    <Crown aria-hidden className="size-3" /> Host
                  </Badge>
                ) : null}
                {p.isLeader ? <Badge variant="default">Leader</Badge> : null}
              </p>
              <p className="truncate text-sm text-paper-300">
                {p.character ? `${p.character.name} · ${p.character.profession}` : 'No character yet'}
              </p>
            </div>
            <span className={cn('text-xs font-semibold', here ? 'text-moss-300' : 'text-paper-400')}>
              {here ? 'Connected' : 'Away'}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
