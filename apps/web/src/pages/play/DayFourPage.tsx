import { useParams } from 'react-router-dom';
import { PlayGate } from '../../features/play/PlayGate';
import { DayView } from '../../features/play/DayView';
import { usePlayGame } from '../../features/play/usePlayGame';

/** Day Four (/play/:gameId/day-four). */
export default function DayFourPage() {
  const { gameId = '' } = useParams();
  const { game, me, error } = usePlayGame(gameId);
  return (
    <PlayGate game={game} me={me} error={error}>
      {(ctx) => <DayView {...ctx} day={4} />}
    </PlayGate>
  );
}
