import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { KeyRound } from 'lucide-react';
import { FormScreen } from '../components/FormScreen';
import { ErrorState } from '../components/States';
import { ButtonLink } from '../components/ui';
import { LoadingState } from '../components/ui/Spinner';
import { redeemSignInLink, storeHostSession } from '../features/auth/useAuthSubmit';
import { errorMessage } from '../lib/api';
import { useLinkFragment } from '../lib/useLinkFragment';

/**
 * A sign-in link from the mail opens here (`/sign-in-link#t=<secret>`). The secret rides in the fragment, so it
 * never reaches a server log or a Referer header; it works once.
 */
export default function SignInLinkPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  useLinkFragment((params) => {
    const token = params.get('t');
    if (!token) {
      setError('This sign-in link is incomplete. Please ask for a new one.');
      return;
    }
    redeemSignInLink(token)
      .then((res) => {
        storeHostSession(res);
        navigate('/host/dashboard', { replace: true });
      })
      .catch((err: unknown) => setError(errorMessage(err, 'This sign-in link no longer works. Please ask for a new one.')));
  });

  return (
    <FormScreen icon={KeyRound} title="Signing you in" subtitle="Using the link from your e-mail.">
      {error ? (
        <ErrorState title="Could not sign in" message={error} action={<ButtonLink to="/auth">Back to sign in</ButtonLink>} />
      ) : (
        <LoadingState label="Signing in…" />
      )}
    </FormScreen>
  );
}
