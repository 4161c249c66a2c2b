import { useParams } from 'react-router-dom';
import { PlayGate } from '../../features/play/PlayGate';
import { usePlayGame } from '../../features/play/usePlayGame';
import { CatchUpView } from '../../features/table-live/CatchUpView';

/** A late arrival's catch-up (/play/:gameId/catch-up), right after the host dealt them a seat. */
export default function CatchUpPage() {
  const { gameId = '' } = useParams();
  const { game, me, error } = usePlayGame(gameId);
  return (
    <PlayGate game={game} me={me} error={error} loadingLabel="Taking your seat…">
      {(ctx) => <CatchUpView {...ctx} />}
    </PlayGate>
  );
}
