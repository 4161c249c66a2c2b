import { refRoute, ZDashboardGames, ZGameView } from '@ss/protocol';
import { api } from '../../lib/api';

/** A game this device is part of and that is not over: where "Back to your game" leads. */
export interface WayBack {
  gameId: string;
  title: string;
  /** The page to open (without the tab's session). */
  path: string;
}

const ZGameStatusOnly = ZGameView.pick({ id: true, title: true, status: true, phase: true });

/** A player's seat: its game, unless that game is over (or the seat is gone: moved, removed, game deleted). */
export async function playerWayBack(gameId: string, token: string): Promise<WayBack | null> {
  try {
    const g = await api.get(`/api/games/${encodeURIComponent(gameId)}`, ZGameStatusOnly, { token });
    if (g.status === 'completed') return null;
    return { gameId: g.id, title: g.title, path: g.status === 'setup' ? `/play/${g.id}/lobby` : refRoute(g.id, g.phase) };
  } catch {
    return null;
  }
}

/** A host's game in progress (the newest when there are several): the host plays too, so back to its phase's page. */
export async function hostWayBack(token: string): Promise<WayBack | null> {
  try {
    const games = await api.get('/api/dashboard/active-games', ZDashboardGames, { token });
    const live = games
      .filter((g) => g.status === 'in_progress')
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    return live ? { gameId: live.id, title: live.title, path: refRoute(live.id, live.phase) } : null;
  } catch {
    return null;
  }
}
