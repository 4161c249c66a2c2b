import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TAuthResponse } from '@ss/protocol';
import { Button, Card, CardContent, CardHeader, CardTitle, Field, Input } from '../../components/ui';
import { Page, PageHeader } from '../../components/Page';
import { login, signup, storeHostSession } from '../../features/auth/useAuthSubmit';
import { ApiRequestError } from '../../lib/api';
import { toast } from '../../store/toast';
import { actAsPlayer } from './actAsPlayer';
import { SeatIdFields } from './SeatIdFields';

function failure(err: unknown, title: string) {
  const description =
    err instanceof ApiRequestError ? err.serverMessage || err.message : 'Network error occurred.';
  toast({ title, description, variant: 'destructive' });
}

/** Test page: host login/sign-up with e-mail and password, and a player-token shortcut. */
export default function TestAuthPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [gameId, setGameId] = useState('');
  const [gamePlayerId, setGamePlayerId] = useState('');
  const navigate = useNavigate();
  const ids = useId();

  async function enterAsHost(request: () => Promise<TAuthResponse>, done: string, failed: string) {
    try {
      storeHostSession(await request());
      toast({ title: done, description: 'You are now logged in as a host.', variant: 'success' });
      navigate('/dashboard');
    } catch (err) {
      failure(err, failed);
    }
  }
  const doLogin = () => enterAsHost(() => login({ email, password }), 'Login Successful', 'Login Failed');
  const doSignup = () => {
    const displayName = (email.split('@')[0] || 'Host').slice(0, 24);
    return enterAsHost(() => signup({ displayName, email, password }), 'Account Created', 'Signup Failed');
  };
  async function playerToken() {
    try {
      await actAsPlayer(gameId, gamePlayerId);
      navigate(`/play/${gameId}/homepage`);
    } catch (err) {
      // A player-token failure is only logged: the page stays usable as the host.
      console.error('player-token failed', err);
    }
  }

  return (
    <Page>
      <PageHeader title="Test Authentication" back={{ to: '/', label: 'Home' }} />
      <div className="flex flex-col gap-4">
        <Card>
          <CardHeader>
            <CardTitle>Host account</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <Field id={`${ids}-email`} label="Email">
              <Input id={`${ids}-email`} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            </Field>
            <Field id={`${ids}-password`} label="Password">
              <Input
                id={`${ids}-password`}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Field>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button block onClick={() => void doLogin()}>
                Login
              </Button>
              <Button block variant="secondary" onClick={() => void doSignup()}>
                Sign Up
              </Button>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Act as a player</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <SeatIdFields
              gameId={gameId}
              onGameId={setGameId}
              playerId={gamePlayerId}
              onPlayerId={setGamePlayerId}
              playerLabel="Game player ID"
            />
            <Button variant="secondary" onClick={() => void playerToken()} disabled={!gameId || !gamePlayerId}>
              Get Player Token
            </Button>
          </CardContent>
        </Card>
      </div>
    </Page>
  );
}
