import {
  ZCharactersResponse,
  ZCreateGameResponse,
  ZStorylineCases,
  ZDashboardGames,
  ZGameView,
  ZJoinWithPinResponse,
  ZMyCharacterResponse,
  ZPlayersResponse,
  ZPurchasedStorylineList,
  type TPatchGameRequest,
} from '@ss/protocol';
import { api } from '../../lib/api';
import { sendCommand } from '../../lib/commands';
import { gamePath as g } from './gamePath';

export { commandId } from '../../lib/commands';


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
  patch: (id: string, body: TPatchGameRequest) => sendCommand('patch_game', id, body),
  characters: (id: string, playerCount?: number) =>
    api.get(`${g(id)}/characters${playerCount ? `?playerCount=${playerCount}` : ''}`, ZCharactersResponse),
  assign: (id: string, playerId: string, characterId: string) => sendCommand('assign_character', id, { playerId, characterId }),
  unassign: (id: string, playerId: string) => sendCommand('unassign_character', id, { playerId }),
  /** Deletes a game that has not started (host only). */
  remove: (id: string) => sendCommand('delete_game', id, {}),
  /** Removes a player from the lobby (host only, before the start). */
  removePlayer: (id: string, playerId: string) => sendCommand('remove_player', id, { playerId }),
  activeGames: () => api.get('/api/dashboard/active-games', ZDashboardGames),
  completedGames: () => api.get('/api/dashboard/completed-games', ZDashboardGames),
  purchasedStorylines: () => api.get('/api/dashboard/purchased-storylines', ZPurchasedStorylineList),
};
