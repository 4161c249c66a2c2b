import { refRoute, type TSeatGranted } from '@ss/protocol';
import { storePlayerSession } from '../game/joinSession';
import { rememberPin } from './pinStore';
import { useSeatMoved } from './seatMoved';

/** Where a player whose seat was granted resumes: waiting screens before the start, the phase's page after it. */
export function resumePath(res: TSeatGranted): string {
  if (res.game.status === 'setup') return `/play/${res.gameId}/${res.characterName ? 'character' : 'lobby'}`;
  if (res.game.status === 'completed') return `/games/${res.gameId}/results`;
  return refRoute(res.gameId, res.game.phase);
}

/** Stores the granted seat on this phone (and its new PIN, shown once) and answers the path to go to. */
export function takeSeat(res: TSeatGranted, displayName: string): string {
  useSeatMoved.getState().reset();
  if (res.pin) rememberPin(res.playerId, res.pin);
  return storePlayerSession(res, displayName, resumePath(res));
}
