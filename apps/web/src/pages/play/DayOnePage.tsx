import { useParams } from 'react-router-dom';
import { PlayGate } from '../../features/play/PlayGate';
import { DayView } from '../../features/play/DayView';
import { usePlayGame } from '../../features/play/usePlayGame';

/** Day One (/play/:gameId/day-one). */
export default function DayOnePage() {
  const { gameId = '' } = useParams();
  const { game, me, error } = usePlayGame(gameId);
  return (
    <PlayGate game={game} me={me} error={error}>
      {(ctx) => <DayView {...ctx} day={1} />}
    </PlayGate>
  );
}
