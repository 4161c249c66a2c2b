import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Character Homepage (/play/:gameId/homepage). Placeholder until its feature lands; replace this file's body. */
export default function HomepagePage() {
  return <PlaceholderPage title="Character Homepage" />;
}
