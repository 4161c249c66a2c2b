import { PlayRouteGate } from '../../features/play/PlayRouteGate';
import { SuspectVotingView } from '../../features/voting/SuspectVotingView';

/** Suspect Voting Phase (/play/:gameId/vote). */
export default function VotePage() {
  return <PlayRouteGate>{(ctx) => <SuspectVotingView {...ctx} />}</PlayRouteGate>;
}
