import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { RotateCcw } from 'lucide-react';
import { DISPLAY_NAME_MAX, type TSeatPending } from '@ss/protocol';
import { Button, Field, Input } from '../components/ui';
import { DisplayNameField } from '../components/DisplayNameField';
import { FormScreen } from '../components/FormScreen';
import { JoinCodeInput, normaliseCode } from '../features/game/JoinCodeInput';
import { seatsApi } from '../features/seats/seatsApi';
import { takeSeat } from '../features/seats/resume';
import { RejoinPending } from '../features/seats/RejoinPending';
import { ApiRequestError } from '../lib/api';
import { toast } from '../store/toast';

export default function RejoinPage() {
  const [code, setCode] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<TSeatPending | null>(null);
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
      const res = await seatsApi.rejoin({ joinCode, displayName: name, ...(pin ? { pin } : {}) });
      if (res.status === 'pending') {
        setPending(res);
        return;
      }
      if (res.characterName)
        toast({ title: 'Welcome back', description: `You are playing ${res.characterName}.` });
      navigate(takeSeat(res, name));
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

  if (pending) {
    return (
      <FormScreen icon={RotateCcw} title="Rejoin a Game" subtitle="Your seat is waiting for you.">
        <RejoinPending pending={pending} displayName={displayName.trim()} onCancel={() => setPending(null)} />
      </FormScreen>
    );
  }

  return (
    <FormScreen
      icon={RotateCcw}
      title="Rejoin a Game"
      subtitle="Use the same room code and display name you joined with."
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <Field id={`${ids}-code`} label="Game Code">
          <JoinCodeInput id={`${ids}-code`} name="joinCode" value={code} onCodeChange={setCode} />
        </Field>
        <DisplayNameField
          id={`${ids}-name`}
          label="Your Display Name"
          maxLength={DISPLAY_NAME_MAX}
          value={displayName}
          onValueChange={setDisplayName}
        />
        <Field
          id={`${ids}-pin`}
          label="Seat PIN (optional)"
          hint="The 4 digits shown when you joined. Without it, your host lets you back in."
        >
          <Input
            id={`${ids}-pin`}
            name="pin"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            aria-describedby={`${ids}-pin-hint`}
            className="typewriter text-center text-2xl tracking-[0.4em]"
            value={pin}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 6))}
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
