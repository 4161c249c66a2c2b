import { PlayRouteGate } from '../../features/play/PlayRouteGate';
import { OutcomeView } from '../../features/voting/OutcomeView';

/** Outcome of the suspect vote (/play/:gameId/outcome). */
export default function OutcomePage() {
  return <PlayRouteGate>{(ctx) => <OutcomeView {...ctx} />}</PlayRouteGate>;
}
