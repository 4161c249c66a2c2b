import { useNavigate } from 'react-router-dom';
import { phaseRoute, refRoute, type TCapabilities, type TGameView } from '@ss/protocol';
import { Button, ConfirmDialog } from '../../components/ui';
import { gamesApi } from '../game/gamesApi';
import { dayLabel, phaseName, phaseRefName, phasesFor } from '../game/phases';
import { errorMessage } from '../../lib/api';
import { withSession } from '../../lib/session';
import { toast } from '../../store/toast';

/**
 * The homepage's big button. Once a day is open it leads to the phase everyone is in. Before Day One, the one who
 * drives the game (host or co-host) starts it for everyone after a confirmation, instead of landing on a day nobody
 * has opened; a player goes to Day One, which opens by itself when the host starts it.
 */
export function BeginInvestigation({ game, capabilities }: { game: TGameView; capabilities: TCapabilities }) {
  const navigate = useNavigate();
  const days = game.storyline.days;
  const table = phasesFor(days);
  const dayOne = table.first + 1;
  const label = `Begin Investigation - ${dayLabel(1, days)}`;

  if (game.status !== 'in_progress') {
    return (
      <Button size="lg" block disabled>
        Waiting for Host to Start Game
      </Button>
    );
  }
  if (game.phase.kind !== 'homepage') {
    return (
      <Button size="lg" block onClick={() => navigate(withSession(refRoute(game.id, game.phase)))}>
        {game.phase.kind === 'day' && game.phase.day === 1 ? label : `Go to ${phaseRefName(game.phase, days)}`}
      </Button>
    );
  }
  if (!capabilities.drivePhases) {
    return (
      <Button size="lg" block onClick={() => navigate(withSession(phaseRoute(table, game.id, dayOne)))}>
        {label}
      </Button>
    );
  }

  async function start() {
    try {
      await gamesApi.patch(game.id, { action: 'advance', fromPhase: table.first });
      navigate(withSession(phaseRoute(table, game.id, dayOne)));
    } catch (err) {
      toast({ title: 'Could not open Day One', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    }
  }

  return (
    <ConfirmDialog
      title={`Open ${phaseName(dayOne, days)} for everyone?`}
      description="Every phone moves to Day One and its evidence. Make sure everyone has read their character."
      confirmLabel="Open Day One"
      onConfirm={start}
      trigger={
        <Button size="lg" block data-testid="begin-investigation">
          {label}
        </Button>
      }
    />
  );
}
