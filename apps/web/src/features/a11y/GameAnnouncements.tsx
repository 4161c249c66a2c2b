import { useEffect } from 'react';
import { useGameRoom } from '../../store/gameRoom';
import { announce } from '../../store/announcer';
import { gameAnnouncement, newHints } from './gameAnnouncements';
import { toast } from '../../store/toast';

/**
 * Watches the live game for the whole app (pages come and go with each phase, this does not) and announces its
 * changes in the live region; a pushed hint card is also shown as a toast.
 */
export function GameAnnouncements() {
  useEffect(
    () =>
      useGameRoom.subscribe((s, prev) => {
        if (s.game === prev.game) return;
        const text = gameAnnouncement(prev.game, s.game);
        if (text) announce(text);
        // A hint card also shows as a toast on every phone (the list stays on the phase screen).
        const hint = newHints(prev.game, s.game).at(-1);
        if (hint) toast({ title: `Hint: ${hint.title}`, description: hint.text, duration: 8000 });
      }),
    [],
  );
  return null;
}
