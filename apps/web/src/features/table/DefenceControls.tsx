import { Mic, Square } from 'lucide-react';
import type { TGameView } from '@ss/protocol';
import { Button } from '../../components/ui';
import { useBusyAction } from '../../lib/useBusyAction';
import { tableApi } from './tableApi';
import { useDefenceClock } from './useDefenceClock';

/**
 * The host bar's defence controls (host and co-host): start each top suspect's two minutes, or end the running
 * one early. Only they see these buttons; everyone else sees who is speaking and the clock.
 */
export function DefenceControls({ game }: { game: TGameView }) {
  const { busy, run } = useBusyAction();
  const left = useDefenceClock(game.defence);
  const top = game.suspectVoting.topSuspects ?? [];
  if (game.status !== 'in_progress' || game.phase.kind !== 'final-vote' || top.length === 0) return null;
  const speaking = game.defence && left > 0 ? game.defence.suspectPlayerId : null;

  return (
    <div className="flex w-full flex-col gap-2" data-testid="defence-controls">
      <p className="text-sm font-semibold text-lamp-200">Defences — two minutes each</p>
      <ul className="flex flex-col gap-2">
        {top.map((t) => {
          const p = game.players.find((x) => x.id === t.playerId);
          const label = p?.character?.name ?? p?.displayName ?? 'Suspect';
          return (
            <li key={t.playerId} className="flex flex-wrap items-center gap-2">
              {/* basis-40: below 10rem beside the button, the name wraps onto its own line instead of a column. */}
              <span className="min-w-0 flex-1 basis-40 break-words text-paper-50">
                {label}
                {p?.character ? <span className="text-paper-300"> ({p.displayName})</span> : null}
              </span>
              {speaking === t.playerId ? (
                <Button
                  size="md"
                  variant="secondary"
                  disabled={busy}
                  onClick={() => void run(() => tableApi.endDefence(game.id), 'Could not end the defence')}
                >
                  <Square aria-hidden className="size-4" /> End now
                </Button>
              ) : (
                <Button
                  size="md"
                  disabled={busy || speaking !== null}
                  aria-label={`Start defence: ${label}`}
                  onClick={() =>
                    void run(() => tableApi.startDefence(game.id, t.playerId), 'Could not start the defence')
                  }
                >
                  <Mic aria-hidden className="size-4" /> Start
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
