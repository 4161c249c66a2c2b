import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ArrowRight, Undo2 } from 'lucide-react';
import { selectSignedIn, useSessionStore } from '../../store/session';
import { withSession } from '../../lib/session';
import type { WayBack } from './wayBackApi';

/** How long an answer is trusted before a new page asks again (a game moves on, or ends). */
const FRESH_MS = 15_000;

/** Pages that are already the game (or a shared screen), where the bar would only repeat where you are. */
function insideGame(pathname: string, gameId: string): boolean {
  return (
    pathname.startsWith(`/play/${gameId}/`) ||
    pathname.startsWith(`/host/${gameId}/`) ||
    pathname.startsWith('/tv/')
  );
}

/**
 * "Back to your game": on any page, when this device holds a seat in (or hosts) a game that is not over. The check
 * is a request, so its module loads only when the device has a seat or a host session at all.
 */
export function BackToGameBar() {
  const { pathname } = useLocation();
  const token = useSessionStore((s) => s.token);
  const role = useSessionStore((s) => s.role);
  const seatGameId = useSessionStore((s) => (s.role === 'player' ? s.gameId : null));
  const host = useSessionStore(selectSignedIn);
  const [found, setFound] = useState<{ key: string; at: number; way: WayBack | null } | null>(null);
  const key = token ? `${role}:${seatGameId ?? ''}:${token.slice(-16)}` : '';

  useEffect(() => {
    if (!token || (!seatGameId && !host)) return;
    if (found && found.key === key && Date.now() - found.at < FRESH_MS) return;
    let live = true;
    void import('./wayBackApi').then(async (m) => {
      const way = seatGameId ? await m.playerWayBack(seatGameId, token) : await m.hostWayBack(token);
      if (live) setFound({ key, at: Date.now(), way });
    });
    return () => {
      live = false;
    };
    // Asked again on each new page once the last answer is old (not on every render).
  }, [key, pathname]);

  const way = found?.key === key ? found.way : null;
  if (!way || insideGame(pathname, way.gameId)) return null;
  return (
    <div className="border-b border-lamp-400/50 bg-lamp-400/15 px-safe" data-testid="back-to-game">
      <Link
        to={withSession(way.path)}
        className="mx-auto flex min-h-12 max-w-6xl items-center gap-3 py-2 font-semibold text-paper-50 no-underline"
      >
        <Undo2 aria-hidden className="size-5 shrink-0 text-lamp-300" />
        <span className="min-w-0 flex-1">
          Back to your game <span className="font-normal break-words text-paper-200">· {way.title}</span>
        </span>
        <ArrowRight aria-hidden className="size-5 shrink-0 text-lamp-300" />
      </Link>
    </div>
  );
}
