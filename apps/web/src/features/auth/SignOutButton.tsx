import { useNavigate } from 'react-router-dom';
import { LogOut } from 'lucide-react';
import { Button } from '../../components/ui';
import { useSessionStore } from '../../store/session';

/**
 * Clears the session and returns to the landing page (every header's sign-out). `compact` shows only the icon on a
 * phone (its accessible name stays "Sign out"), so a signed-in header fits on one line.
 */
export function SignOutButton({ compact }: { compact?: boolean }) {
  const signOut = useSessionStore((s) => s.signOut);
  const navigate = useNavigate();
  return (
    <Button
      variant="ghost"
      className={compact ? 'px-2.5 text-sm' : 'text-sm'}
      aria-label={compact ? 'Sign out' : undefined}
      onClick={() => {
        signOut();
        navigate('/');
      }}
    >
      <LogOut aria-hidden className="size-4" />
      {compact ? <span className="hidden sm:inline">Sign out</span> : 'Sign out'}
    </Button>
  );
}
