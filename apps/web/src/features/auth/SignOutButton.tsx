import { useNavigate } from 'react-router-dom';
import { LogOut } from 'lucide-react';
import { Button } from '../../components/ui';
import { useSessionStore } from '../../store/session';

/** Clears the session and returns to the landing page (every header's sign-out). */
export function SignOutButton() {
  const signOut = useSessionStore((s) => s.signOut);
  const navigate = useNavigate();
  return (
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
  );
}
