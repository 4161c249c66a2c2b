import { useEffect } from 'react';
import { useGameRoom } from '../../store/gameRoom';
import { announce } from '../../store/announcer';
import { gameAnnouncement } from './gameAnnouncements';

/**
 * Watches the live game for the whole app (pages come and go with each phase, this does not) and announces its
 * changes in the live region.
 */
export function GameAnnouncements() {
  useEffect(
    () =>
      useGameRoom.subscribe((s, prev) => {
        if (s.game === prev.game) return;
        const text = gameAnnouncement(prev.game, s.game);
        if (text) announce(text);
      }),
    [],
  );
  return null;
}
