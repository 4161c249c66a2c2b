import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Smartphone } from 'lucide-react';
import { FormScreen } from '../components/FormScreen';
import { ErrorState } from '../components/States';
import { ButtonLink } from '../components/ui';
import { LoadingState } from '../components/ui/Spinner';
import { seatsApi } from '../features/seats/seatsApi';
import { takeSeat } from '../features/seats/resume';
import { errorMessage } from '../lib/api';
import { useLinkFragment } from '../lib/useLinkFragment';

/**
 * The new phone opens the host's seat-move QR code here (`/move-seat#g=<gameId>&t=<ticket>`). The code rides in
 * the fragment, so it never reaches a server log or a Referer header. Redeeming it moves the seat to this phone.
 */
export default function MoveSeatPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  useLinkFragment((params) => {
    const gameId = params.get('g');
    const ticket = params.get('t');
    if (!gameId || !ticket) {
      setError('This seat code is incomplete. Ask your host to show it again.');
      return;
    }
    seatsApi
      .redeem(gameId, ticket)
      .then((res) => navigate(takeSeat(res, res.characterName ?? 'Player'), { replace: true }))
      .catch((err: unknown) => setError(errorMessage(err, 'This seat code no longer works. Ask your host for a new one.')));
  });

  return (
    <FormScreen icon={Smartphone} title="Move your seat" subtitle="Taking your seat on this phone.">
      {error ? (
        <ErrorState
          title="Could not move the seat"
          message={error}
          action={<ButtonLink to="/rejoin">Rejoin instead</ButtonLink>}
        />
      ) : (
        <LoadingState label="Moving your seat…" />
      )}
    </FormScreen>
  );
}
