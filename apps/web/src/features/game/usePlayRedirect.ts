import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TGameView, TMyCharacterResponse } from '@ss/protocol';

/**
 * Waiting screens move on by themselves when the host starts: the push that sets status in_progress sends the
 * player to their character homepage; a completed game goes to its results.
 */
export function usePlayRedirect(game: TGameView | null, me: TMyCharacterResponse | null): void {
  const navigate = useNavigate();
  const status = game?.status;
  const id = game?.id;
  const hasAccess = me?.hasAccess ?? false;
  useEffect(() => {
    if (!id) return;
    if (status === 'in_progress' && hasAccess) navigate(`/play/${id}/homepage${window.location.search}`, { replace: true });
    else if (status === 'completed') navigate(`/games/${id}/results`, { replace: true });
  }, [status, id, hasAccess, navigate]);
}
