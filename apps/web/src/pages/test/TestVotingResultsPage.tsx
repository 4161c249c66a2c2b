import { Page, PageHeader } from '../../components/Page';
import { ButtonLink, Card, CardContent, CardHeader, CardTitle } from '../../components/ui';
import { ConsequencesCard, SearchWarrantEvidence, TopSuspectsCard } from '../../features/voting/TopSuspects';
import { DEMO_PLAYERS, DEMO_TOP_SUSPECTS } from '../../features/voting/demoData';

/** /test-voting-results: the outcome screen with sample votes (local data). */
export default function TestVotingResultsPage() {
  const total = DEMO_TOP_SUSPECTS.reduce((n, s) => n + s.voteCount, 0) + 3;
  return (
    <Page bottomBar>
      <PageHeader title="Voting Results (test)" subtitle={`All ${DEMO_PLAYERS.length - 3} votes submitted · sample data`} back={{ to: '/', label: 'Home' }} />
      <div className="flex flex-col gap-4">
        <TopSuspectsCard suspects={DEMO_TOP_SUSPECTS} />
        <ConsequencesCard />
        <SearchWarrantEvidence suspects={DEMO_TOP_SUSPECTS} />
        <Card>
          <CardHeader>
            <CardTitle>Detective&apos;s Full Report</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col gap-1 text-paper-200">
              {DEMO_TOP_SUSPECTS.map((s) => (
                <li key={s.playerId} className="flex justify-between">
                  <span>{s.character?.name}</span>
                  <span className="font-semibold text-paper-50">{s.voteCount}</span>
                </li>
              ))}
              <li className="flex justify-between">
                <span>{DEMO_PLAYERS[4]!.character.name}</span>
                <span className="font-semibold text-paper-50">3</span>
              </li>
              <li className="flex justify-between border-t border-ink-600 pt-1 font-bold text-paper-50">
                <span>Total votes</span>
                <span>{total}</span>
              </li>
            </ul>
          </CardContent>
        </Card>
        <ButtonLink to="/final-vote-demo" size="lg" block>
          Vote for the Killer
        </ButtonLink>
      </div>
    </Page>
  );
}
