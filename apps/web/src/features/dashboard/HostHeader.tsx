import { Link } from 'react-router-dom';
import { ShieldCheck } from 'lucide-react';
import { Brand } from '../layout/Brand';
import { useSessionStore } from '../../store/session';
import { SignOutButton } from '../auth/SignOutButton';

/** Header of host screens: brand, who is signed in, the admin screens for admins, sign out (one line on a phone). */
export function HostHeader() {
  const user = useSessionStore((s) => s.user);
  return (
    <header className="border-b border-ink-700/80 bg-ink-900/80 pt-safe backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-safe py-2">
        <Brand />
        <div className="flex items-center gap-1">
          {user ? <span className="hidden text-sm text-paper-300 sm:inline">{user.displayName}</span> : null}
          {user?.admin ? <AdminLink /> : null}
          <SignOutButton compact />
        </div>
      </div>
    </header>
  );
}

/** For admins: the admin screens (discount codes, analytics); they lead back to the dashboard. */
export function AdminLink() {
  return (
    <Link
      to="/admin/discount-codes"
      className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-lamp-300 no-underline hover:bg-ink-700"
      aria-label="Admin"
      title="Admin"
    >
      <ShieldCheck aria-hidden className="size-4" />
      <span className="hidden sm:inline">Admin</span>
    </Link>
  );
}
