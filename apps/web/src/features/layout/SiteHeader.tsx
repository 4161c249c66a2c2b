import { Link } from 'react-router-dom';
import { Brand } from './Brand';
import { ButtonLink } from '../../components/ui';
import { selectSignedIn, useSessionStore } from '../../store/session';
import { SignOutButton } from '../auth/SignOutButton';
import { AdminLink } from '../dashboard/HostHeader';

const navLink =
  'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-paper-200 no-underline hover:bg-ink-700 hover:text-paper-50';

/**
 * Landing header: links depend on the sign-in state. On a phone the secondary links (About,
 * Rejoin) give way and sign-out is an icon, so a signed-in header stays on two lines at most.
 */
export function SiteHeader() {
  const signedIn = useSessionStore(selectSignedIn);
  const user = useSessionStore((s) => s.user);

  return (
    <header className="border-b border-ink-700/80 bg-ink-900/80 pt-safe backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-safe py-2">
        <Brand />
        <nav aria-label="Main" className="-mx-2 flex flex-wrap items-center gap-1 sm:mx-0">
          <Link to="/how-to-play" className={navLink}>
            How to Play
          </Link>
          <Link to="/rejoin" className={signedIn ? `${navLink} hidden sm:inline-flex` : navLink}>
            Rejoin Game
          </Link>
          <a href="/#about" className={`${navLink} hidden sm:inline-flex`}>
            About
          </a>
          {signedIn ? (
            <>
              <ButtonLink to="/dashboard" variant="outline" className="text-sm">
                Dashboard
              </ButtonLink>
              {user?.admin ? <AdminLink /> : null}
              <SignOutButton compact />
            </>
          ) : (
            <ButtonLink to="/auth" variant="outline" className="text-sm">
              Sign In
            </ButtonLink>
          )}
        </nav>
      </div>
    </header>
  );
}
