import { ZFinalResults, ZGameResults, ZVotingBreakdown, ZVotingResults, FINAL_VOTE_PHASE_CODE } from '@ss/protocol';
import { api } from '../../lib/api';
import { sendCommand } from '../../lib/commands';
import { gamePath as g } from '../game/gamePath';


/** Voting calls. Commands answer the new public view, applied at once. */
export const votingApi = {
  removeVote: (gameId: string, playerId: string) => sendCommand('remove_vote', gameId, { playerId }),
  submitSuspects: (gameId: string, suspects: string[]) => sendCommand('cast_suspect_ballot', gameId, { suspects }),
  votingResults: (gameId: string) => api.get(`${g(gameId)}/voting-results`, ZVotingResults),
  castFinalVote: (gameId: string, suspectId: string) => sendCommand('cast_final_vote', gameId, { phase: FINAL_VOTE_PHASE_CODE, suspectId }),
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
