import { PlayRouteGate } from '../../features/play/PlayRouteGate';
import { FinalVoteView } from '../../features/voting/FinalVoteView';

/** Final vote and verdict (/play/:gameId/final-vote). */
export default function FinalVotePage() {
  // This screen shows the results itself when the game completes.
  return (
    <PlayRouteGate loadingLabel="Loading final vote..." completedTo={null}>
      {(ctx) => <FinalVoteView {...ctx} />}
    </PlayRouteGate>
  );
}
