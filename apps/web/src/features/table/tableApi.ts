import { ZCommandResponse, ZReplayResponse, type TCommandResponse } from '@ss/protocol';
import { api } from '../../lib/api';
import { useGameRoom } from '../../store/gameRoom';
import { commandId } from '../game/gamesApi';

const g = (id: string) => `/api/games/${encodeURIComponent(id)}`;
function applied(res: TCommandResponse): TCommandResponse {
  useGameRoom.getState().applyGame(res.game);
  return res;
}

export const tableApi = {
  /** Host: name (or clear) the co-host; pushed to every phone. */
  setCoHost: (gameId: string, playerId: string | null) =>
    api.post(`${g(gameId)}/co-host`, { playerId, commandId: commandId() }, ZCommandResponse).then(applied),
  /** Host or co-host: a top suspect's 2-minute defence starts now (or the running one ends early). */
  startDefence: (gameId: string, suspectPlayerId: string) =>
    api
      .post(`${g(gameId)}/defences`, { suspectPlayerId, commandId: commandId() }, ZCommandResponse)
      .then(applied),
  endDefence: (gameId: string) =>
    api.post(`${g(gameId)}/defences/end`, { commandId: commandId() }, ZCommandResponse).then(applied),
  /** Host: every seat without a character gets one at random. */
  deal: (gameId: string) =>
    api.post(`${g(gameId)}/deal`, { commandId: commandId() }, ZCommandResponse).then(applied),
  replay: (gameId: string) => api.get(`${g(gameId)}/replay`, ZReplayResponse),
};

/**
 * Whether this seat may drive the game (phases, defences, the reveal): the host's own seat, the co-host, or the
 * player who took the host controls over while the host was away.
 */
export function drives(
  game: { hostPlayerId: string | null; coHostPlayerId?: string | null | undefined; actingHostPlayerId?: string | null | undefined },
  playerId: string | null | undefined,
): boolean {
  return !!playerId && (playerId === game.hostPlayerId || playerId === game.coHostPlayerId || playerId === game.actingHostPlayerId);
}
