import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Suspect Voting Phase (/play/:gameId/vote). Placeholder until its feature lands; replace this file's body. */
export default function VotePage() {
  return <PlaceholderPage title="Suspect Voting Phase" />;
}
