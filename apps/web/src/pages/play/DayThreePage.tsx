import { useParams } from 'react-router-dom';
import { PlayGate } from '../../features/play/PlayGate';
import { DayView } from '../../features/play/DayView';
import { usePlayGame } from '../../features/play/usePlayGame';

/** Day Three (/play/:gameId/day-three). */
export default function DayThreePage() {
  const { gameId = '' } = useParams();
  const { game, me, error } = usePlayGame(gameId);
  return (
    <PlayGate game={game} me={me} error={error}>
      {(ctx) => <DayView {...ctx} day={3} />}
    </PlayGate>
  );
}
