import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, matchPath, Navigate, Outlet, useLocation, useParams, type RouteObject } from 'react-router-dom';
import { Toaster } from './components/ui/Toaster';
import { LoadingState } from './components/ui/Spinner';
import { useSessionStore } from './store/session';
import { setNavigate } from './lib/navigation';
import { setPagePreloader } from './lib/preload';
import { ConnectionIndicator } from './components/ConnectionIndicator';
import { SeatMovedScreen } from './features/seats/SeatMovedScreen';
import { BackToGameBar } from './features/way-back/BackToGameBar';
import { LiveAnnouncer } from './features/a11y/LiveAnnouncer';
import { GameAnnouncements } from './features/a11y/GameAnnouncements';
// The two screens a phone opens first (the landing page and the join form) are in the entry (and prerendered): a
// lazy chunk would cost one more round trip before the first paint on a weak connection.
import LandingPage from './pages/LandingPage';
import JoinPage from './pages/JoinPage';
import { OLD_DAY_PATHS, OldDayRedirect } from './pages/play/OldDayRedirect';

/**
 * The demo and test pages (pages/test: sample data, a feedback-modal harness) are routed only in development
 * builds, and in builds made with VITE_DEV_PAGES=1 (the browser tests): a production build has no address for them.
 */
export const DEV_PAGES = import.meta.env.MODE === 'development' || import.meta.env.VITE_DEV_PAGES === '1';

/**
 * Every other page is a lazy chunk, loaded when first shown, so the first screen stays light. The build reads
 * `PAGE_ROUTES` to preload a deep link's page chunks together with the entry (build-plugins.ts, boot script).
 */
type PageModules = Record<string, () => Promise<{ default: ComponentType }>>;
const pageModules: PageModules = {
  ...import.meta.glob<{ default: ComponentType }>(['./pages/**/*Page.tsx', '!./pages/LandingPage.tsx', '!./pages/JoinPage.tsx', '!./pages/test/**']),
  ...(DEV_PAGES ? import.meta.glob<{ default: ComponentType }>('./pages/test/*Page.tsx') : {}),
};
type PageModule = { default: ComponentType };
const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();
/** Page modules whose code has arrived (a preload or an earlier visit). */
const loadedPages = new Map<string, PageModule>();

/** Loads a page's code once and keeps the module, so the page can be shown without waiting. */
function loadPage(file: string): Promise<PageModule> {
  const load = pageModules[file];
  if (!load) return Promise.reject(new Error(`No page module ${file}`));
  return load().then((m) => {
    loadedPages.set(file, m);
    return m;
  });
}

/**
 * A page whose code is already here (preloaded while the previous phase was read) renders in the same pass as the
 * navigation: React's lazy settles at once on a thenable that answers synchronously, where a promise, even a
 * resolved one, would suspend the page behind its fallback for at least one more render (and React holds a shown
 * fallback for a few hundred milliseconds).
 */
function lazyPage(file: string): LazyExoticComponent<ComponentType> {
  let page = lazyPages.get(file);
  if (!page) {
    if (!pageModules[file]) throw new Error(`No page module ${file}`);
    page = lazy(() => {
      const loaded = loadedPages.get(file);
      if (!loaded) return loadPage(file);
      // React reads a lazy's loader through `then` only; this one calls back before returning.
      const now = { then: (resolve: (m: PageModule) => unknown) => void resolve(loaded) };
      return now as unknown as Promise<PageModule>;
    });
    lazyPages.set(file, page);
  }
  return page;
}

/** The demo and test pages' addresses (routed only when DEV_PAGES). */
export const DEV_PAGE_ROUTES: readonly (readonly [path: string, file: string])[] = [
  ['/test-auth', './pages/test/TestAuthPage.tsx'],
  ['/test-character', './pages/test/TestCharacterPage.tsx'],
  ['/test-voting-results', './pages/test/TestVotingResultsPage.tsx'],
  ['/test-feedback-modal', './pages/test/TestFeedbackModalPage.tsx'],
  ['/evidence-demo', './pages/test/EvidenceDemoPage.tsx'],
  ['/final-vote-demo', './pages/test/FinalVoteDemoPage.tsx'],
];

/* The app's addresses and their lazy pages (address -> page module); any other address is the not-found page. */
export const PAGE_ROUTES: readonly (readonly [path: string, file: string])[] = [
  ['/auth', './pages/AuthPage.tsx'],
  ['/rejoin', './pages/RejoinPage.tsx'],
  ['/storyline/:id', './pages/StorylinePage.tsx'],
  ['/how-to-play', './pages/HowToPlayPage.tsx'],
  ['/hosting-tips', './pages/HostingTipsPage.tsx'],
  ['/games/:gameId/results', './pages/GameResultsPage.tsx'],
  ['/games/:gameId/replay', './pages/ReplayPage.tsx'],
  ['/move-seat', './pages/MoveSeatPage.tsx'],
  ['/sign-in-link', './pages/SignInLinkPage.tsx'],
  ['/report-confirm', './pages/ReportConfirmPage.tsx'],
  ['/dashboard', './pages/DashboardPage.tsx'],
  ['/host/dashboard', './pages/DashboardPage.tsx'],
  ['/tv/:joinCode', './pages/TvPage.tsx'],
  ['/watch/:joinCode', './pages/WatchPage.tsx'],
  ['/host/:gameId/lobby', './pages/host/HostLobbyPage.tsx'],
  ['/host/:gameId/character-assignment', './pages/host/CharacterAssignmentPage.tsx'],
  ['/play/:gameId/intro', './pages/play/IntroPage.tsx'],
  ['/play/:gameId/lobby', './pages/play/PlayerLobbyPage.tsx'],
  ['/play/:gameId/character', './pages/play/CharacterPage.tsx'],
  ['/play/:gameId/homepage', './pages/play/HomepagePage.tsx'],
  ['/play/:gameId/catch-up', './pages/play/CatchUpPage.tsx'],
  ['/play/:gameId/day/:n', './pages/play/DayPage.tsx'],
  ['/play/:gameId/phase', './pages/play/PhasePage.tsx'],
  ['/play/:gameId/vote', './pages/play/VotePage.tsx'],
  ['/play/:gameId/outcome', './pages/play/OutcomePage.tsx'],
  ['/play/:gameId/final-vote', './pages/play/FinalVotePage.tsx'],
  ['/admin/discount-codes', './pages/admin/DiscountCodesPage.tsx'],
  ['/admin/character-analytics', './pages/admin/CharacterAnalyticsPage.tsx'],
  ['/admin/feedback', './pages/admin/FeedbackAnalyticsPage.tsx'],
  ['/admin/seat-preview', './pages/admin/SeatPreviewPage.tsx'],
  ...(DEV_PAGES ? DEV_PAGE_ROUTES : []),
  ['*', './pages/NotFoundPage.tsx'],
];

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
      <BackToGameBar />
      <Suspense fallback={<LoadingState />}>
        <Outlet />
      </Suspense>
      <SeatMovedScreen />
      <Toaster />
      <LiveAnnouncer />
      <GameAnnouncements />
    </>
  );
}

const el = (C: ComponentType) => <C />;

/** The suspect vote has one screen; its second address (an old link) leads there. */
function ToSuspectVote() {
  const { gameId = '' } = useParams();
  return <Navigate to={`/play/${gameId}/vote`} replace />;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: el(LandingPage) },
      { path: '/join', element: el(JoinPage) },
      { path: '/host/:gameId', element: <Navigate to="lobby" replace /> },
      { path: '/play/:gameId/suspect-voting', element: <ToSuspectVote /> },
      // The day pages of the fixed four-day game moved to /play/:gameId/day/:n; old links and bookmarks follow.
      ...OLD_DAY_PATHS.map((word, i) => ({ path: `/play/:gameId/${word}`, element: <OldDayRedirect day={i + 1} /> })),
      ...PAGE_ROUTES.map(([path, file]) => ({ path, element: el(lazyPage(file)) })),
    ],
  },
];

const pageFileOf = (pathname: string) => PAGE_ROUTES.find(([pattern]) => pattern !== '*' && matchPath(pattern, pathname))?.[1];

/** Starts loading the page chunk of an address without showing it (the module map keeps it for `lazy`). */
function preloadPageChunk(pathname: string): void {
  const file = pageFileOf(pathname);
  if (file && !loadedPages.has(file)) void loadPage(file).catch(() => undefined); // offline: the page loads (or shows its error) when it is opened
}

function pageChunkLoaded(pathname: string): boolean {
  const file = pageFileOf(pathname);
  return file !== undefined && loadedPages.has(file);
}

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setPagePreloader(preloadPageChunk, pageChunkLoaded);
  setNavigate((to, opts) => {
    void router.navigate(to, opts);
  });
  return router;
}
