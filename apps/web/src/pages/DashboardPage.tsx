import { Navigate, Link, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { BookOpen, Lightbulb } from 'lucide-react';
import { ButtonLink, LoadingState, Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui';
import { Page, PageHeader } from '../components/Page';
import { EmptyState, ErrorState } from '../components/States';
import { HostHeader } from '../features/dashboard/HostHeader';
import { GameRow } from '../features/dashboard/GameRow';
import { CreateGameCard } from '../features/dashboard/CreateGameCard';
import { gamesApi } from '../features/game/gamesApi';
import { useStorylines } from '../features/storylines/queries';
import { useSessionStore } from '../store/session';
import type { TDashboardGame } from '@ss/protocol';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../components/ui';

const TABS = ['active', 'mine', 'completed'] as const;
type Tab = (typeof TABS)[number];

function GameList({ query, empty, emptyAction }: { query: UseQueryResult<TDashboardGame[]>; empty: string; emptyAction?: ReactNode }) {
  if (query.isPending) return <LoadingState label="Loading games…" />;
  if (query.isError)
    return <ErrorState title="Could not load your games" message="Please refresh the page to try again." />;
  if (query.data.length === 0) return <EmptyState title={empty} action={emptyAction} />;
  return (
    <ul className="flex flex-col gap-3">
      {query.data.map((g) => (
        <GameRow key={g.id} game={g} />
      ))}
    </ul>
  );
}

export default function DashboardPage() {
  const token = useSessionStore((s) => s.token);
  const role = useSessionStore((s) => s.role);
  const user = useSessionStore((s) => s.user);
  const signedIn = Boolean(token && role === 'host');
  // The tab is in the address (?tab=mine after a purchase), so a link can open the place where games are created.
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = TABS.includes(tabParam as Tab) ? (tabParam as Tab) : 'active';
  const setTab = (t: string) => setParams((p) => {
    p.set('tab', t);
    return p;
  }, { replace: true });

  const active = useQuery({ queryKey: ['dashboard', 'active', token], queryFn: gamesApi.activeGames, enabled: signedIn, staleTime: 0 });
  const completed = useQuery({ queryKey: ['dashboard', 'completed', token], queryFn: gamesApi.completedGames, enabled: signedIn, staleTime: 0 });
  const purchased = useQuery({
    queryKey: ['dashboard', 'purchased', token],
    queryFn: gamesApi.purchasedStorylines,
    enabled: signedIn,
    staleTime: 0,
  });
  const storylines = useStorylines();
  const ownedIds = new Set((purchased.data ?? []).map((p) => p.storyline.id));
  // Published storylines not bought yet: free tiers and admins may still host them (the server decides).
  const others = (storylines.data ?? []).filter((s) => s.status === 'published' && !ownedIds.has(s.id));

  if (!signedIn) return <Navigate to="/auth" replace />;

  const count = (q: { data?: unknown[] }) => (q.data ? String(q.data.length) : '…');

  return (
    <>
      <HostHeader />
      <Page wide>
        <PageHeader title="Dashboard" subtitle={user ? `Welcome, ${user.displayName}.` : undefined} />
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label="Your games">
            <TabsTrigger value="active">Active Games ({count(active)})</TabsTrigger>
            <TabsTrigger value="mine">My Games ({count(purchased)})</TabsTrigger>
            <TabsTrigger value="completed">Completed ({count(completed)})</TabsTrigger>
          </TabsList>
          <TabsContent value="active">
            <GameList
              query={active}
              empty="No active games yet."
              emptyAction={
                <Button onClick={() => setTab('mine')} data-testid="empty-create">
                  Create a Game in My Games
                </Button>
              }
            />
          </TabsContent>
          <TabsContent value="mine" className="flex flex-col gap-4">
            <div className="rounded-xl border border-lamp-400/40 bg-lamp-400/10 p-4 text-paper-100">
              <p className="flex items-center gap-2 font-semibold">
                <BookOpen aria-hidden className="size-5 text-lamp-300" /> How to run a game
              </p>
              <ol className="mt-2 ml-5 list-decimal space-y-1 text-sm text-paper-200">
                <li>Create a game from one of your storylines below.</li>
                <li>Share the room code or QR code; players join on their phones.</li>
                <li>Assign every player a character (yourself included), then start.</li>
              </ol>
              <Link
                to="/hosting-tips"
                className="mt-2 inline-flex min-h-11 items-center gap-2 font-semibold text-lamp-300 underline"
              >
                <Lightbulb aria-hidden className="size-4" /> Read the hosting tips
              </Link>
            </div>
            {purchased.isPending ? (
              <LoadingState label="Loading your storylines…" />
            ) : purchased.isError ? (
              <ErrorState title="Could not load your storylines" message="Please refresh the page to try again." />
            ) : purchased.data.length === 0 ? (
              <EmptyState
                title="You have not purchased a storyline yet."
                message={others.length > 0 ? 'Pick one of the storylines below, then create your first game.' : 'Choose a storyline, then create your first game.'}
                action={
                  <ButtonLink to="/#storylines" variant="secondary">
                    See Storylines
                  </ButtonLink>
                }
              />
            ) : (
              <ul className="flex flex-col gap-3" aria-label="Purchased storylines">
                {purchased.data.map((p) => (
                  <CreateGameCard key={p.storyline.id} storyline={p.storyline} purchases={p.user_purchases} />
                ))}
              </ul>
            )}
            {others.length > 0 ? (
              <section aria-labelledby="more-storylines" className="flex flex-col gap-3">
                <h2 id="more-storylines" className="font-display text-xl font-bold text-paper-50">
                  More storylines
                </h2>
                <ul className="flex flex-col gap-3">
                  {others.map((s) => (
                    <CreateGameCard key={s.id} storyline={s} />
                  ))}
                </ul>
              </section>
            ) : storylines.isError ? (
              <ErrorState title="Failed to fetch storylines" />
            ) : null}
            <ButtonLink to="/" variant="secondary" className="self-start">
              Browse Storylines
            </ButtonLink>
          </TabsContent>
          <TabsContent value="completed">
            <GameList query={completed} empty="No completed games yet." />
          </TabsContent>
        </Tabs>
      </Page>
    </>
  );
}
