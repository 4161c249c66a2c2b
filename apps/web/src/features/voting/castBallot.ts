import { Refusal } from '@ss/protocol';
import { ApiRequestError } from '../../lib/api';
import { markVoted } from './markers';

type BallotKind = Parameters<typeof markVoted>[0];

/**
 * Sends a ballot and marks it cast on this phone. The server's "already voted" refusal means a ballot of this seat
 * is in (from another screen, or a retry after a lost answer), so it counts as cast: 'already' instead of 'cast'.
 * Any other failure is thrown.
 */
export async function castBallot(
  kind: BallotKind,
  gameId: string,
  myId: string,
  send: () => Promise<unknown>,
): Promise<'cast' | 'already'> {
  let outcome: 'cast' | 'already' = 'cast';
  try {
    await send();
  } catch (err) {
    if (!(err instanceof ApiRequestError && err.reason === Refusal.ALREADY_VOTED)) throw err;
    outcome = 'already';
  }
  markVoted(kind, gameId, myId);
  return outcome;
}
