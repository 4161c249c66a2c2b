import { useParams } from 'react-router-dom';
import { PlayGate } from '../../features/play/PlayGate';
import { DayView } from '../../features/play/DayView';
import { usePlayGame } from '../../features/play/usePlayGame';

/** Day Two (/play/:gameId/day-two). */
export default function DayTwoPage() {
  const { gameId = '' } = useParams();
  const { game, me, error } = usePlayGame(gameId);
  return (
    <PlayGate game={game} me={me} error={error}>
      {(ctx) => <DayView {...ctx} day={2} />}
    </PlayGate>
  );
}
