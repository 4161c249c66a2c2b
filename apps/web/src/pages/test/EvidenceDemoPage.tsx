import { Page, PageHeader } from '../../components/Page';
import { ButtonLink } from '../../components/ui';
import { ConsequencesCard, SearchWarrantEvidence, TopSuspectsCard } from '../../features/voting/TopSuspects';
import { DEMO_TOP_SUSPECTS } from '../../features/voting/demoData';

/** /evidence-demo: the top 3 with their search-warrant galleries (local data). */
export default function EvidenceDemoPage() {
  return (
    <Page bottomBar>
      <PageHeader title="Evidence Demo" subtitle="Search warrant results, with sample data." back={{ to: '/', label: 'Home' }} />
      <div className="flex flex-col gap-4">
        <TopSuspectsCard suspects={DEMO_TOP_SUSPECTS} />
        <ConsequencesCard />
        <SearchWarrantEvidence suspects={DEMO_TOP_SUSPECTS} />
        <ButtonLink to="/final-vote-demo" size="lg" block>
          Vote for the Killer
        </ButtonLink>
      </div>
    </Page>
  );
}
