import { useNavigate } from 'react-router-dom';
import { LogOut } from 'lucide-react';
import { Brand } from '../layout/Brand';
import { Button } from '../../components/ui';
import { useSessionStore } from '../../store/session';

/** Header of host screens: brand, who is signed in, sign out. */
export function HostHeader() {
  const user = useSessionStore((s) => s.user);
  const signOut = useSessionStore((s) => s.signOut);
  const navigate = useNavigate();
  return (
    <header className="border-b border-ink-700/80 bg-ink-900/80 pt-safe backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-safe py-2">
        <Brand />
        <div className="flex items-center gap-2">
          {user ? <span className="hidden text-sm text-paper-300 sm:inline">{user.displayName}</span> : null}
          <Button
            variant="ghost"
            className="text-sm"
            onClick={() => {
              signOut();
              navigate('/');
            }}
          >
            <LogOut aria-hidden className="size-4" />
            Sign out
          </Button>
        </div>
      </div>
    </header>
  );
}
