import { useParams } from 'react-router-dom';
import { PlayGate } from '../../features/play/PlayGate';
import { usePlayGame } from '../../features/play/usePlayGame';
import { SuspectVotingView } from '../../features/voting/SuspectVotingView';

/** Suspect Voting Phase (/play/:gameId/vote). */
export default function VotePage() {
  const { gameId = '' } = useParams();
  const { game, me, error } = usePlayGame(gameId);
  return <PlayGate game={game} me={me} error={error}>{(ctx) => <SuspectVotingView {...ctx} />}</PlayGate>;
}
