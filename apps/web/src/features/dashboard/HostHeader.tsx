import { Brand } from '../layout/Brand';
import { useSessionStore } from '../../store/session';
import { SignOutButton } from '../auth/SignOutButton';

/** Header of host screens: brand, who is signed in, sign out. */
export function HostHeader() {
  const user = useSessionStore((s) => s.user);
  return (
    <header className="border-b border-ink-700/80 bg-ink-900/80 pt-safe backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-safe py-2">
        <Brand />
        <div className="flex items-center gap-2">
          {user ? <span className="hidden text-sm text-paper-300 sm:inline">{user.displayName}</span> : null}
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}
