import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, type RouteObject } from 'react-router-dom';
import { Toaster } from './components/ui/Toaster';
import { LoadingState } from './components/ui/Spinner';
import { useSessionStore } from './store/session';
import { setNavigate } from './lib/navigation';
import { ConnectionIndicator } from './components/ConnectionIndicator';
import { SeatMovedScreen } from './features/seats/SeatMovedScreen';
// The two screens a phone opens first (the landing page and the join form) are in the entry: a lazy chunk would
// cost one more round trip before the first paint on a weak connection.
import LandingPage from './pages/LandingPage';
import JoinPage from './pages/JoinPage';

/* Every route of the spec's route table (doc 01 section 2). Route components are lazy so the first screen is light. */
const page = (load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> => lazy(load);

const AuthPage = page(() => import('./pages/AuthPage'));
const RejoinPage = page(() => import('./pages/RejoinPage'));
const StorylinePage = page(() => import('./pages/StorylinePage'));
const HowToPlayPage = page(() => import('./pages/HowToPlayPage'));
const HostingTipsPage = page(() => import('./pages/HostingTipsPage'));
const GameResultsPage = page(() => import('./pages/GameResultsPage'));
const DashboardPage = page(() => import('./pages/DashboardPage'));
const MoveSeatPage = page(() => import('./pages/MoveSeatPage'));
const ReplayPage = page(() => import('./pages/ReplayPage'));
const NotFoundPage = page(() => import('./pages/NotFoundPage'));
const TvPage = page(() => import('./pages/TvPage'));

const HostLobbyPage = page(() => import('./pages/host/HostLobbyPage'));
const CharacterAssignmentPage = page(() => import('./pages/host/CharacterAssignmentPage'));

const IntroPage = page(() => import('./pages/play/IntroPage'));
const PlayerLobbyPage = page(() => import('./pages/play/PlayerLobbyPage'));
const CharacterPage = page(() => import('./pages/play/CharacterPage'));
const HomepagePage = page(() => import('./pages/play/HomepagePage'));
const DayOnePage = page(() => import('./pages/play/DayOnePage'));
const DayTwoPage = page(() => import('./pages/play/DayTwoPage'));
const DayThreePage = page(() => import('./pages/play/DayThreePage'));
const DayFourPage = page(() => import('./pages/play/DayFourPage'));
const PhasePage = page(() => import('./pages/play/PhasePage'));
const VotePage = page(() => import('./pages/play/VotePage'));
const OutcomePage = page(() => import('./pages/play/OutcomePage'));
const FinalVotePage = page(() => import('./pages/play/FinalVotePage'));
const SuspectVotingPage = page(() => import('./pages/play/SuspectVotingPage'));

const DiscountCodesPage = page(() => import('./pages/admin/DiscountCodesPage'));
const CharacterAnalyticsPage = page(() => import('./pages/admin/CharacterAnalyticsPage'));
const FeedbackAnalyticsPage = page(() => import('./pages/admin/FeedbackAnalyticsPage'));

const TestAuthPage = page(() => import('./pages/test/TestAuthPage'));
const TestCharacterPage = page(() => import('./pages/test/TestCharacterPage'));
const TestVotingResultsPage = page(() => import('./pages/test/TestVotingResultsPage'));
const TestFeedbackModalPage = page(() => import('./pages/test/TestFeedbackModalPage'));
const EvidenceDemoPage = page(() => import('./pages/test/EvidenceDemoPage'));
const FinalVoteDemoPage = page(() => import('./pages/test/FinalVoteDemoPage'));

/** Keeps the session store in step with the page (host pages read other keys than player pages). */
function SessionSync() {
  const { pathname, search } = useLocation();
  const refresh = useSessionStore((s) => s.refresh);
  useEffect(() => {
    refresh();
  }, [pathname, search, refresh]);
  useEffect(() => {
    const onStorage = () => refresh();
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [refresh]);
  return null;
}

/** A new page starts at the top, or at its #section when the link names one (once the lazy page has rendered). */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    if (!hash) return;
    let tries = 0;
    const t = window.setInterval(() => {
      const el = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (el || ++tries > 20) window.clearInterval(t);
      el?.scrollIntoView();
    }, 100);
    return () => window.clearInterval(t);
  }, [pathname, hash]);
  return null;
}

function RootLayout() {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-[200] rounded-lg bg-lamp-400 px-4 py-2 font-semibold text-ink-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SessionSync />
      <ScrollToTop />
      <ConnectionIndicator />
      <Suspense fallback={<LoadingState />}>
        <Outlet />
      </Suspense>
      <SeatMovedScreen />
      <Toaster />
    </>
  );
}

const el = (C: ComponentType) => <C />;

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: el(LandingPage) },
      { path: '/auth', element: el(AuthPage) },
      { path: '/join', element: el(JoinPage) },
      { path: '/rejoin', element: el(RejoinPage) },
      { path: '/storyline/:id', element: el(StorylinePage) },
      { path: '/how-to-play', element: el(HowToPlayPage) },
      { path: '/hosting-tips', element: el(HostingTipsPage) },
      { path: '/games/:gameId/results', element: el(GameResultsPage) },
      { path: '/games/:gameId/replay', element: el(ReplayPage) },
      { path: '/move-seat', element: el(MoveSeatPage) },
      { path: '/dashboard', element: el(DashboardPage) },
      { path: '/host/dashboard', element: el(DashboardPage) },
      { path: '/tv/:joinCode', element: el(TvPage) },
      { path: '/host/:gameId/lobby', element: el(HostLobbyPage) },
      { path: '/host/:gameId/character-assignment', element: el(CharacterAssignmentPage) },
      { path: '/host/:gameId', element: <Navigate to="lobby" replace /> },
      { path: '/play/:gameId/intro', element: el(IntroPage) },
      { path: '/play/:gameId/lobby', element: el(PlayerLobbyPage) },
      { path: '/play/:gameId/character', element: el(CharacterPage) },
      { path: '/play/:gameId/homepage', element: el(HomepagePage) },
      { path: '/play/:gameId/day-one', element: el(DayOnePage) },
      { path: '/play/:gameId/day-two', element: el(DayTwoPage) },
      { path: '/play/:gameId/day-three', element: el(DayThreePage) },
      { path: '/play/:gameId/day-four', element: el(DayFourPage) },
      { path: '/play/:gameId/phase', element: el(PhasePage) },
      { path: '/play/:gameId/vote', element: el(VotePage) },
      { path: '/play/:gameId/outcome', element: el(OutcomePage) },
      { path: '/play/:gameId/final-vote', element: el(FinalVotePage) },
      { path: '/play/:gameId/suspect-voting', element: el(SuspectVotingPage) },
      { path: '/admin/discount-codes', element: el(DiscountCodesPage) },
      { path: '/admin/character-analytics', element: el(CharacterAnalyticsPage) },
      { path: '/admin/feedback', element: el(FeedbackAnalyticsPage) },
      { path: '/test-auth', element: el(TestAuthPage) },
      { path: '/test-character', element: el(TestCharacterPage) },
      { path: '/test-voting-results', element: el(TestVotingResultsPage) },
      { path: '/test-feedback-modal', element: el(TestFeedbackModalPage) },
      { path: '/evidence-demo', element: el(EvidenceDemoPage) },
      { path: '/final-vote-demo', element: el(FinalVoteDemoPage) },
      { path: '*', element: el(NotFoundPage) },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setNavigate((to, opts) => {
    void router.navigate(to, opts);
  });
  return router;
}
