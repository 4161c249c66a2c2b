import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { RotateCcw } from 'lucide-react';
import type { z } from 'zod';
import { JOIN_CODE_LENGTH, routeForPhase, type ZRejoinResponse } from '@ss/protocol';
import { Button, Field, Input } from '../components/ui';
import { FormScreen } from '../components/FormScreen';
import { gamesApi } from '../features/game/gamesApi';
import { storePlayerSession } from '../features/game/joinSession';
import { ApiRequestError } from '../lib/api';
import { toast } from '../store/toast';
import { normaliseCode } from './JoinPage';

type RejoinResponse = z.infer<typeof ZRejoinResponse>;

/** Where a rejoining player resumes: waiting screens before the start, the phase's page after it. */
function resumePath(res: RejoinResponse): string {
  if (res.game.status === 'setup') return `/play/${res.gameId}/${res.characterName ? 'character' : 'lobby'}`;
  if (res.game.status === 'completed') return `/games/${res.gameId}/results`;
  return routeForPhase(res.gameId, res.game.currentPhase);
}

export default function RejoinPage() {
  const [code, setCode] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const ids = useId();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const joinCode = normaliseCode(code.trim());
    const name = displayName.trim();
    if (!joinCode || !name) {
      toast({
        title: 'Missing information',
        description: 'Please enter your game code and display name.',
        variant: 'destructive',
      });
      return;
    }
    setBusy(true);
    try {
      const res = await gamesApi.rejoin(joinCode, name);
      if (res.characterName)
        toast({ title: 'Welcome back', description: `You are playing ${res.characterName}.` });
      navigate(storePlayerSession(res, name, resumePath(res)));
    } catch (err) {
      if (err instanceof ApiRequestError) {
        toast({
          title: 'Could not rejoin',
          description: err.serverMessage || 'Please check your game code and display name.',
          variant: 'destructive',
        });
      } else {
        toast({
          title: 'Connection error',
          description: 'Please check your connection and try again.',
          variant: 'destructive',
        });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormScreen
      icon={RotateCcw}
      title="Rejoin a Game"
      subtitle="Use the same room code and display name you joined with."
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <Field id={`${ids}-code`} label="Game Code">
          <Input
            id={`${ids}-code`}
            name="joinCode"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={JOIN_CODE_LENGTH}
            className="typewriter text-center text-2xl tracking-[0.4em] uppercase"
            value={code}
            onChange={(e) => setCode(normaliseCode(e.target.value))}
          />
        </Field>
        <Field id={`${ids}-name`} label="Your Display Name">
          <Input
            id={`${ids}-name`}
            name="displayName"
            autoComplete="nickname"
            maxLength={24}
            value={displayName}
            onChange={(e) => setDisplayName(e.target.value)}
          />
        </Field>
        <Button type="submit" size="lg" block disabled={busy} aria-busy={busy}>
          {busy ? 'Rejoining…' : 'Rejoin Game'}
        </Button>
      </form>
      <Link
        to="/"
        className="mx-auto inline-flex min-h-11 items-center font-semibold text-lamp-300 underline"
      >
        Back to Home
      </Link>
    </FormScreen>
  );
}
