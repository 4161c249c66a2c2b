import {
  ZCharactersResponse,
  ZCommandResponse,
  ZCreateGameResponse,
  ZStorylineCases,
  ZDashboardGames,
  ZGameView,
  ZJoinWithPinResponse,
  ZMyCharacterResponse,
  ZPlayersResponse,
  ZPurchasedStorylineList,
  type TCommandResponse,
  type TPatchGameRequest,
} from '@ss/protocol';
import { z } from 'zod';
import { api } from '../../lib/api';
import { useGameRoom } from '../../store/gameRoom';

/** A command id makes a retried command apply once. */
export function commandId(): string {
  return crypto.randomUUID();
}

/** Commands answer the new public view: apply it at once (the push follows with the same version). */
function applied(res: TCommandResponse): TCommandResponse {
  useGameRoom.getState().applyGame(res.game);
  return res;
}

const g = (id: string) => `/api/games/${encodeURIComponent(id)}`;

export const gamesApi = {
  /** Creates a game; without a case number the server picks one ("Surprise me"). */
  create: (storylineId: string, isTestingMode?: boolean, caseNumber?: number) =>
    api.post(
      '/api/games',
      { storylineId, ...(isTestingMode === undefined ? {} : { isTestingMode }), ...(caseNumber === undefined ? {} : { caseNumber }) },
      ZCreateGameResponse,
    ),
  /** The storyline's cases by number, titled only once this host finished one. */
  cases: (storylineId: string) => api.get(`/api/storylines/${encodeURIComponent(storylineId)}/cases`, ZStorylineCases),
  join: (joinCode: string, displayName: string) =>
    api.post(`${g(joinCode)}/join`, { displayName }, ZJoinWithPinResponse, { token: null }),
  get: (id: string) => api.get(g(id), ZGameView),
  players: (id: string) => api.get(`${g(id)}/players`, ZPlayersResponse),
  myCharacter: (id: string) => api.get(`${g(id)}/my-character`, ZMyCharacterResponse),
  patch: (id: string, body: TPatchGameRequest) =>
    api.patch(g(id), { ...body, commandId: body.commandId ?? commandId() }, ZCommandResponse).then(applied),
  characters: (id: string, playerCount?: number) =>
    api.get(`${g(id)}/characters${playerCount ? `?playerCount=${playerCount}` : ''}`, ZCharactersResponse),
  assign: (id: string, playerId: string, characterId: string) =>
    api.post(`${g(id)}/assign-character`, { playerId, characterId, commandId: commandId() }, ZCommandResponse).then(applied),
  unassign: (id: string, playerId: string) =>
    api.post(`${g(id)}/unassign-character`, { playerId, commandId: commandId() }, ZCommandResponse).then(applied),
  /** Deletes a game that has not started (host only). */
  remove: (id: string) => api.delete(g(id), undefined, z.object({ success: z.literal(true) })),
  /** Removes a player from the lobby (host only, before the start). */
  removePlayer: (id: string, playerId: string) => api.delete(`${g(id)}/players/${playerId}`, undefined, ZCommandResponse).then(applied),
  activeGames: () => api.get('/api/dashboard/active-games', ZDashboardGames),
  completedGames: () => api.get('/api/dashboard/completed-games', ZDashboardGames),
  purchasedStorylines: () => api.get('/api/dashboard/purchased-storylines', ZPurchasedStorylineList),
};
