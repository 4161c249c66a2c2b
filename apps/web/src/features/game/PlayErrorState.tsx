import type { RoomError } from '../../store/gameRoom';
import { ButtonLink } from '../../components/ui';
import { ErrorState } from '../../components/States';

/** What a player sees when the room cannot be opened. */
export function PlayErrorState({ error }: { error: RoomError }) {
  const title =
    error.status === 404 || error.status === 400
      ? 'Game not found'
      : error.status === 401 || error.status === 403
        ? 'Player not found in game'
        : 'Could not open this game';
  return (
    <ErrorState
      title={title}
      message={
        error.status === 401 || error.status === 403
          ? 'Rejoin with your room code and name.'
          : title === 'Game not found'
            ? 'The game may have ended or been deleted, or the link is wrong.'
            : error.message
      }
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <ButtonLink to="/rejoin">Rejoin Game</ButtonLink>
          <ButtonLink to="/" variant="secondary">
            Back to Home
          </ButtonLink>
        </div>
      }
    />
  );
}
