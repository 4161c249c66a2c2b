import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { DoorOpen } from 'lucide-react';
import { DISPLAY_NAME_MAX, JOIN_CODE_LENGTH } from '@ss/protocol';
import { Button, Field, nameLength } from '../components/ui';
import { DisplayNameField } from '../components/DisplayNameField';
import { FormScreen } from '../components/FormScreen';
import { JoinCodeInput, normaliseCode } from '../features/game/JoinCodeInput';
import { storePlayerSession } from '../features/game/joinSession';
import { rememberPin } from '../features/seats/pinStore';
import { ApiRequestError, errorMessage } from '../lib/api';
import { LateArrivalOffer } from '../features/table-live/LateArrivalOffer';
import { toast } from '../store/toast';

/** The share link carries the room code as ?gameId=; a longer value (an old link with an id) is not a code. */
function codeFromQuery(value: string | null): string {
  if (!value) return '';
  const v = value.trim();
  return v.length <= JOIN_CODE_LENGTH ? normaliseCode(v) : '';
}

/**
 * The join request's module (the game schemas: tens of milliseconds of script on a phone), loaded once the player
 * starts filling the form rather than with the first screen.
 */
const loadGamesApi = () => import('../features/game/gamesApi');

export default function JoinPage() {
  const [params] = useSearchParams();
  const [code, setCode] = useState('');
  const [displayName, setDisplayName] = useState('');
  const nameInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  // The form is prerendered (empty, no query) and the app adopts it, so the first render must be the empty form too.
  // Right after it, before anything is painted: what the phone's user already typed into the prerendered fields
  // (hydration keeps it on screen but not in state), else the share link's room code.
  const linkCode = codeFromQuery(params.get('gameId'));
  useLayoutEffect(() => {
    const typedName = nameInput.current?.value ?? '';
    if (typedName) setDisplayName(typedName);
    const typedCode = normaliseCode(codeInput.current?.value ?? '');
    if (typedCode || linkCode) setCode(typedCode || linkCode);
  }, [linkCode]);
  const [busy, setBusy] = useState(false);
  // The code of a game that had started when this phone tried to join: it may watch (and be seated) instead.
  const [startedCode, setStartedCode] = useState<string | null>(null);
  const navigate = useNavigate();
  const ids = useId();

  const nameFits = nameLength(displayName) <= DISPLAY_NAME_MAX;
  const canSubmit = code.trim() !== '' && displayName.trim() !== '' && nameFits;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!canSubmit || busy) return;
    setBusy(true);
    const name = displayName.trim();
    try {
      const { gamesApi } = await loadGamesApi();
      const res = await gamesApi.join(code, name);
      rememberPin(res.playerId, res.pin);
      navigate(storePlayerSession(res, name, `/play/${res.gameId}/lobby`));
    } catch (err) {
      if (err instanceof ApiRequestError && err.reason === 'GAME_STARTED') {
        setStartedCode(code);
        return;
      }
      toast({
        title: 'Failed to join game',
        description: errorMessage(err, 'Please check the room code and try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormScreen
      icon={DoorOpen}
      title="Join a Game"
      subtitle="Enter the room code your host shared and the name others will see."
    >
      <form onSubmit={onSubmit} onFocus={() => void loadGamesApi()} className="flex flex-col gap-4" noValidate>
        <DisplayNameField
          ref={nameInput}
          id={`${ids}-name`}
          label="Display name"
          required
          aria-invalid={!nameFits}
          value={displayName}
          onValueChange={setDisplayName}
        />
        <Field id={`${ids}-code`} label="Room code" hint="6 characters, letters and numbers">
          <JoinCodeInput
            ref={codeInput}
            id={`${ids}-code`}
            name="roomCode"
            required
            aria-describedby={`${ids}-code-hint`}
            value={code}
            onCodeChange={setCode}
          />
        </Field>
        <Button type="submit" size="lg" block disabled={!canSubmit || busy} aria-busy={busy}>
          {busy ? 'Joining…' : 'Join Game'}
        </Button>
      </form>
      {startedCode && displayName.trim() ? <LateArrivalOffer joinCode={startedCode} displayName={displayName.trim()} /> : null}
      <p className="text-center text-sm text-paper-300">
        Dropped out of a game?{' '}
        <Link to="/rejoin" className="font-semibold text-lamp-300 underline">
          Rejoin it
        </Link>
      </p>
    </FormScreen>
  );
}
