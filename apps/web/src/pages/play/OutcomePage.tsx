import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Outcome (/play/:gameId/outcome). Placeholder until its feature lands; replace this file's body. */
export default function OutcomePage() {
  return <PlaceholderPage title="Outcome" />;
}
