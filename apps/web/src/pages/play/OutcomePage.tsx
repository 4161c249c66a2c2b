import { useParams } from 'react-router-dom';
import { PlayGate } from '../../features/play/PlayGate';
import { usePlayGame } from '../../features/play/usePlayGame';
import { OutcomeView } from '../../features/voting/OutcomeView';

/** Outcome of the suspect vote (/play/:gameId/outcome). */
export default function OutcomePage() {
  const { gameId = '' } = useParams();
  const { game, me, error } = usePlayGame(gameId);
  return <PlayGate game={game} me={me} error={error}>{(ctx) => <OutcomeView {...ctx} />}</PlayGate>;
}
