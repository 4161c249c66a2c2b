import { useEffect, useRef } from 'react';
import { phaseRoute, refRoute, type TGameView, type TPublicPlayer } from '@ss/protocol';
import { useFollowGame } from '../game/useFollowGame';
import { useWakeLock } from '../game/useWakeLock';
import { phasesFor } from '../game/phases';
import { withSession } from '../../lib/session';
import { preloadImages, preloadPage } from '../../lib/preload';
import { usePhaseNavigate } from './usePhaseNavigate';

/**
 * Phones follow the host: when the live phase changes, every in-game screen moves to the phase's route
 * (players may still browse back to earlier days; only a change moves them). When the game completes, the
 * final-vote screen shows the results.
 */
export function useFollowHost(game: TGameView | null, opts: { completedTo?: string | null } = {}): void {
  const navigate = usePhaseNavigate();
  const last = useRef<{ phase: string; status: string } | null>(null);
  const id = game?.id;
  const phase = game?.phase.key;
  const status = game?.status;
  const completedTo = opts.completedTo;
  useEffect(() => {
    if (!id || phase === undefined || !status) return;
    const prev = last.current;
    last.current = { phase, status };
    if (!prev) return;
    if (status === 'completed' && prev.status !== 'completed') {
      if (completedTo !== null) navigate(withSession(completedTo ?? `/play/${id}/final-vote`));
      return;
    }
    if (status === 'in_progress' && prev.status === 'in_progress' && prev.phase !== phase) {
      const to = refRoute(id, { key: phase });
      if (window.location.pathname !== to) navigate(withSession(to));
    } else if (status === 'in_progress' && prev.status === 'setup') {
      navigate(withSession(`/play/${id}/homepage`));
    }
  }, [id, phase, status, completedTo, navigate]);
}

/** The seats' portrait addresses, one per line: a value that changes only when a portrait does. */
const portraits = (players: readonly TPublicPlayer[] | undefined): string =>
  (players ?? []).flatMap((p) => (p.character ? [p.character.imageUrl] : [])).join('\n');

/** How long after a phase's screen is shown the next phase's code is fetched. */
const PRELOAD_AFTER_MS = 1500;

/**
 * The next phase's screen is fetched while this one is read, so the host's advance shows it at once on every phone
 * instead of after a code download (the suspect vote's screen is the first one no earlier phase used); during the
 * suspect vote, the outcome screen a ballot leads to as well. From the last day on, the seats' portraits too.
 */
export function usePreloadNextPhase(game: TGameView | null): void {
  const id = game?.id;
  const phase = game?.currentPhase;
  const live = game?.status === 'in_progress';
  const days = game?.storyline.days;
  // Not the players array itself: every push that touches a seat makes a new one, and each would put the timer back.
  const faces = portraits(game?.players);
  useEffect(() => {
    if (!id || phase === undefined || !live || !days) return;
    // Once the new screen is up: its own render comes first, the next screen's code after it.
    const t = window.setTimeout(() => {
      const table = phasesFor(days);
      preloadPage(phaseRoute(table, id, phase + 1));
      if (phase === table.suspectVote) preloadPage(`/play/${id}/outcome`);
      // The votes' screens list every seat with its portrait.
      if (phase + 1 >= table.suspectVote && faces) preloadImages(faces.split('\n'));
    }, PRELOAD_AFTER_MS);
    return () => window.clearTimeout(t);
  }, [id, phase, live, days, faces]);
}

/**
 * The lobby fetches the character homepage's code while the table waits, so the host's start shows every phone its
 * character at once instead of after a code download.
 */
export function usePreloadHomepage(gameId: string, waiting: boolean): void {
  useEffect(() => {
    if (!gameId || !waiting) return;
    const t = window.setTimeout(() => preloadPage(`/play/${gameId}/homepage`), PRELOAD_AFTER_MS);
    return () => window.clearTimeout(t);
  }, [gameId, waiting]);
}

/**
 * Everything an in-game screen needs: the live room, the screen kept awake during play (released once the game is
 * over and the results are up), and following the host.
 */
export function usePlayGame(gameId: string, opts: { completedTo?: string | null } = {}) {
  const room = useFollowGame(gameId);
  useWakeLock(room.game !== null && room.game.status !== 'completed');
  useFollowHost(room.game, opts);
  usePreloadNextPhase(room.game);
  return room;
}
