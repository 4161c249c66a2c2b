import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Suspect Voting Phase (/play/:gameId/suspect-voting). Placeholder until its feature lands; replace this file's body. */
export default function SuspectVotingPage() {
  return <PlaceholderPage title="Suspect Voting Phase" />;
}
