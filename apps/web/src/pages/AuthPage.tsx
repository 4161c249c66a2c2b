import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { DISPLAY_NAME_MAX, PASSWORD_RULES } from '@ss/protocol';
import { Button, Field, Input, nameLength } from '../components/ui';
import { DisplayNameField } from '../components/DisplayNameField';
import { FormScreen } from '../components/FormScreen';
import { PASSWORD_HINT, PasswordStrength } from '../features/auth/PasswordStrength';
import { login, requestSignInLink, signup, storeHostSession } from '../features/auth/useAuthSubmit';
import { useBusyAction } from '../lib/useBusyAction';
import { toast } from '../store/toast';

type Mode = 'signin' | 'signup';

export default function AuthPage() {
  const [mode, setMode] = useState<Mode>('signin');
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, run } = useBusyAction();
  const navigate = useNavigate();
  const ids = useId();

  const passwordOk = PASSWORD_RULES.every((r) => r.test(password));
  const canSubmit =
    mode === 'signup'
      ? displayName.trim() !== '' && nameLength(displayName) <= DISPLAY_NAME_MAX && email.trim() !== '' && passwordOk
      : email.trim() !== '' && password !== '';

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!canSubmit || busy) return;
    await run(
      async () => {
        const res =
          mode === 'signup'
            ? await signup({ displayName: displayName.trim(), email: email.trim(), password })
            : await login({ email: email.trim(), password });
        storeHostSession(res);
        navigate('/host/dashboard');
      },
      'Authentication failed',
      'Please check your credentials and try again.',
    );
  }

  // The way in while password sign-in is slowed down (or forgotten): a one-time link to the account's address.
  async function mailLink() {
    if (email.trim() === '' || busy) return;
    await run(async () => {
      await requestSignInLink(email.trim());
      toast({ title: 'Check your inbox', description: `If ${email.trim()} has an account, a sign-in link is on its way.`, variant: 'success' });
    }, 'Could not send the link');
  }

  return (
    <FormScreen
      title={mode === 'signup' ? 'Create your host account' : 'Welcome back, host'}
      subtitle={
        mode === 'signup'
          ? 'Hosts buy storylines and run games. Players join with a room code and need no account.'
          : 'Sign in to create games and manage your storylines.'
      }
      footer={
        <p className="mt-6 text-center text-sm text-paper-300">
          Joining a friend’s game?{' '}
          <Link to="/join" className="font-semibold text-lamp-300 underline">
            Enter a room code
          </Link>
        </p>
      }
    >
      <div
        role="group"
        aria-label="Sign in or sign up"
        className="flex w-full gap-1 rounded-xl border border-ink-600 bg-ink-800 p-1"
      >
        {(['signin', 'signup'] as const).map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={mode === m}
            onClick={() => setMode(m)}
            className="min-h-11 flex-1 rounded-lg px-3 text-sm font-semibold text-paper-300 transition-colors hover:text-paper-50 aria-pressed:bg-lamp-400 aria-pressed:text-ink-950"
          >
            {m === 'signin' ? 'Sign In' : 'Sign Up'}
          </button>
        ))}
      </div>
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        {mode === 'signup' ? (
          <DisplayNameField
            id={`${ids}-name`}
            label="Display name"
            required
            aria-invalid={nameLength(displayName) > DISPLAY_NAME_MAX}
            value={displayName}
            onValueChange={setDisplayName}
          />
        ) : null}
        <Field id={`${ids}-email`} label="Email">
          <Input
            id={`${ids}-email`}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Field
          id={`${ids}-password`}
          label="Password"
          hint={mode === 'signup' ? <PasswordStrength password={password} /> : PASSWORD_HINT}
        >
          <Input
            id={`${ids}-password`}
            name="password"
            type="password"
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            required
            aria-describedby={`${ids}-password-hint`}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <Button type="submit" size="lg" block disabled={!canSubmit || busy} aria-busy={busy}>
          {busy ? 'Please wait…' : mode === 'signup' ? 'Create Account' : 'Sign In'}
        </Button>
      </form>
      {mode === 'signin' ? (
        <p className="text-center text-sm text-paper-300">
          <button type="button" className="min-h-11 font-semibold text-lamp-300 underline" onClick={() => void mailLink()} disabled={email.trim() === '' || busy}>
            Email me a sign-in link instead
          </button>
        </p>
      ) : null}
      <p className="text-center text-sm text-paper-300">
        {mode === 'signup' ? 'Already have an account? ' : 'New here? '}
        <button
          type="button"
          className="min-h-11 font-semibold text-lamp-300 underline"
          onClick={() => setMode(mode === 'signup' ? 'signin' : 'signup')}
        >
          {mode === 'signup' ? 'Sign in' : 'Create an account'}
        </button>
      </p>
    </FormScreen>
  );
}
