import { ChevronsRight } from 'lucide-react';
import type { TGameView } from '@ss/protocol';
import { Button, Card, CardContent, CardHeader, CardTitle, ConfirmDialog } from '../../components/ui';
import { gamesApi } from '../game/gamesApi';
import { phaseName, phaseRefName, phasesFor, shortPhaseName } from '../game/phases';
import { errorMessage } from '../../lib/api';
import { toast } from '../../store/toast';

/** Host control of an in-progress game: shows the phase and advances it after a confirmation. */
export function PhaseControl({ game }: { game: TGameView }) {
  if (game.status !== 'in_progress') return null;
  const table = phasesFor(game.storyline.days);
  const atEnd = game.currentPhase >= table.last;
  const next = phaseName(game.currentPhase + 1, game.storyline.days);

  async function advance() {
    try {
      await gamesApi.patch(game.id, { action: 'advance', fromPhase: game.currentPhase });
      toast({ title: 'Phase advanced', description: `Everyone moves on to: ${next}.`, variant: 'success' });
    } catch (err) {
      toast({ title: 'Could not advance the phase', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    }
  }

  return (
    <Card data-testid="phase-control">
      <CardHeader>
        <CardTitle>Game control</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-paper-200">
          Current phase: <strong className="text-paper-50">{phaseRefName(game.phase, game.storyline.days)}</strong>
          <span className="text-paper-400"> ({game.currentPhase + 1} of {table.last + 1})</span>
        </p>
        {atEnd ? (
          <p className="text-sm text-paper-300">The final vote is open. The game ends when every vote is in.</p>
        ) : (
          <ConfirmDialog
            title="Advance the phase?"
            description={`Every player moves on to ${next}. Make sure everyone has finished reading.`}
            confirmLabel="Advance"
            onConfirm={advance}
            trigger={
              <Button size="lg" block>
                <ChevronsRight aria-hidden className="size-5" />
                Advance to {shortPhaseName(game.currentPhase + 1, game.storyline.days)}
              </Button>
            }
          />
        )}
      </CardContent>
    </Card>
  );
}
