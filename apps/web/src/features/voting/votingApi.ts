import { ZCommandResponse, ZOk, ZFinalResults, ZGameResults, ZVotingBreakdown, ZVotingResults, FINAL_VOTE_PHASE_CODE } from '@ss/protocol';
import { api } from '../../lib/api';
import { commandId } from '../game/gamesApi';
import { useGameRoom } from '../../store/gameRoom';

const g = (id: string) => `/api/games/${encodeURIComponent(id)}`;

/** Voting calls. Commands answer the new public view, applied at once. */
export const votingApi = {
  removeVote: async (gameId: string, playerId: string) => {
    const res = await api.post(`${g(gameId)}/remove-vote`, { playerId, commandId: commandId() }, ZCommandResponse);
    useGameRoom.getState().applyGame(res.game);
    return res;
  },
  submitSuspects: async (gameId: string, suspects: string[]) => {
    const res = await api.post(`${g(gameId)}/suspect-votes`, { suspects, commandId: commandId() }, ZCommandResponse);
    useGameRoom.getState().applyGame(res.game);
    return res;
  },
  votingResults: (gameId: string) => api.get(`${g(gameId)}/voting-results`, ZVotingResults),
  castFinalVote: (gameId: string, suspectId: string) =>
    api.post(`${g(gameId)}/votes`, { phase: FINAL_VOTE_PHASE_CODE, suspectId, commandId: commandId() }, ZOk),
  finalResults: (gameId: string) => api.get(`${g(gameId)}/final-results`, ZFinalResults),
  breakdown: (gameId: string) => api.get(`${g(gameId)}/voting-breakdown`, ZVotingBreakdown),
  results: (gameId: string) => api.get(`${g(gameId)}/results`, ZGameResults),
};

export const votingKeys = {
  /** `revealed` is part of the key: the answer changes once, when the top 3 are revealed. */
  votingResults: (gameId: string, revealed: boolean) => ['voting-results', gameId, revealed] as const,
  finalResults: (gameId: string, completed: boolean) => ['final-results', gameId, completed] as const,
  breakdown: (gameId: string) => ['voting-breakdown', gameId] as const,
  results: (gameId: string) => ['game-results', gameId] as const,
};
