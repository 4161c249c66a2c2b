import { useParams } from 'react-router-dom';
import { PlayGate } from '../../features/play/PlayGate';
import { usePlayGame } from '../../features/play/usePlayGame';
import { FinalVoteView } from '../../features/voting/FinalVoteView';

/** Final vote and verdict (/play/:gameId/final-vote). */
export default function FinalVotePage() {
  const { gameId = '' } = useParams();
  // This screen shows the results itself when the game completes.
  const { game, me, error } = usePlayGame(gameId, { completedTo: null });
  return (
    <PlayGate game={game} me={me} error={error} loadingLabel="Loading final vote...">
      {(ctx) => <FinalVoteView {...ctx} />}
    </PlayGate>
  );
}
