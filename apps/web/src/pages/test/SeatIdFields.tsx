import { useId } from 'react';
import { Field, Input } from '../../components/ui';

/** The two ids that name a seat (the game and its player), as the test pages ask for them; pasted ids are trimmed. */
export function SeatIdFields({
  gameId,
  onGameId,
  playerId,
  onPlayerId,
  playerLabel,
}: {
  gameId: string;
  onGameId: (id: string) => void;
  playerId: string;
  onPlayerId: (id: string) => void;
  playerLabel: string;
}) {
  const ids = useId();
  return (
    <>
      <Field id={`${ids}-game`} label="Game ID">
        <Input id={`${ids}-game`} value={gameId} onChange={(e) => onGameId(e.target.value.trim())} />
      </Field>
      <Field id={`${ids}-player`} label={playerLabel}>
        <Input id={`${ids}-player`} value={playerId} onChange={(e) => onPlayerId(e.target.value.trim())} />
      </Field>
    </>
  );
}
