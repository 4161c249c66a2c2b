import { useState } from 'react';
import { LoadingState, Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui';
import { ErrorState } from '../../components/States';
import { analyticsErrorText, useDailyVotingAnalytics, useSuspectVotingAnalytics } from '../../features/analytics/analyticsApi';
import { AnalyticsPage } from '../../features/analytics/AnalyticsPage';
import { GroupsView } from '../../features/analytics/GroupsView';


function FormalVoting({ active }: { active: boolean }) {
  const q = useSuspectVotingAnalytics(active);
  if (q.isPending) return <LoadingState label="Loading voting analytics..." />;
  if (q.isError) return <ErrorState {...analyticsErrorText(q.error)} />;
  return (
    <Tabs defaultValue="suspect">
      <TabsList aria-label="Formal voting">
        <TabsTrigger value="suspect">Suspect Voting (after the last day)</TabsTrigger>
        <TabsTrigger value="final">Final Conviction</TabsTrigger>
      </TabsList>
      <TabsContent value="suspect">
        <GroupsView groups={q.data.suspectVoting.gameSizeGroups} gamesLabel="Completed Games" gamesCount={q.data.totalGamesAnalyzed} verb="suspected" mode="Suspect Voting" />
      </TabsContent>
      <TabsContent value="final">
        <GroupsView groups={q.data.finalConviction.gameSizeGroups} gamesLabel="Completed Games" gamesCount={q.data.totalGamesAnalyzed} verb="convicted" mode="Final Conviction" />
      </TabsContent>
    </Tabs>
  );
}

function DailySuspicions({ active }: { active: boolean }) {
  const q = useDailyVotingAnalytics(active);
  if (q.isPending) return <LoadingState label="Loading daily suspicions..." />;
  if (q.isError) return <ErrorState {...analyticsErrorText(q.error)} />;
  // day1-day4 always; day5 and day6 once a longer storyline's testing game has votes on them.
  const days = (['day1', 'day2', 'day3', 'day4', 'day5', 'day6'] as const).flatMap((d) => {
    const groups = q.data[d]?.gameSizeGroups;
    return groups ? [{ key: d, groups }] : [];
  });
  return (
    <Tabs defaultValue="day1">
      <TabsList aria-label="Investigation day">
        {days.map((d, i) => (
          <TabsTrigger key={d.key} value={d.key}>
            Day {i + 1}
          </TabsTrigger>
        ))}
      </TabsList>
      {days.map((d, i) => (
        <TabsContent key={d.key} value={d.key}>
          <GroupsView groups={d.groups} gamesLabel="Testing Games" gamesCount={q.data.totalTestingGames} verb="suspected" mode={`Daily Suspicions - Day ${i + 1}`} />
        </TabsContent>
      ))}
    </Tabs>
  );
}

/** /admin/character-analytics: who players suspect and convict, by game size. Each tab fetches only when shown. */
export default function CharacterAnalyticsPage() {
  const [tab, setTab] = useState('voting');
  return (
    <AnalyticsPage
      current="characters"
      title="Character Analytics"
      subtitle="Which characters players suspect and convict, by number of players."
    >
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Analytics">
          <TabsTrigger value="voting">Formal Voting</TabsTrigger>
          <TabsTrigger value="daily">Daily Suspicions (Testing)</TabsTrigger>
        </TabsList>
        <TabsContent value="voting">
          <FormalVoting active={tab === 'voting'} />
        </TabsContent>
        <TabsContent value="daily">
          <DailySuspicions active={tab === 'daily'} />
        </TabsContent>
      </Tabs>
    </AnalyticsPage>
  );
}
