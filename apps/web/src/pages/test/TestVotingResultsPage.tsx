import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Voting Results (test) (/test-voting-results). Placeholder until its feature lands; replace this file's body. */
export default function TestVotingResultsPage() {
  return <PlaceholderPage title="Voting Results (test)" />;
}
