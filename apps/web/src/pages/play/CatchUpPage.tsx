import { PlayRouteGate } from '../../features/play/PlayRouteGate';
import { CatchUpView } from '../../features/table-live/CatchUpView';

/** A late arrival's catch-up (/play/:gameId/catch-up), right after the host dealt them a seat. */
export default function CatchUpPage() {
  return <PlayRouteGate loadingLabel="Taking your seat…">{(ctx) => <CatchUpView {...ctx} />}</PlayRouteGate>;
}
