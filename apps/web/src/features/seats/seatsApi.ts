import {
  ZCommandResponse,
  ZRejoinAnswer,
  ZRejoinClaimAnswer,
  ZSeatGranted,
  ZSeatMoveTicket,
  type TCommandResponse,
  type TSeatRejoinRequest,
} from '@ss/protocol';
import { api } from '../../lib/api';
import { useGameRoom } from '../../store/gameRoom';
import { commandId } from '../game/gamesApi';

const g = (id: string) => `/api/games/${encodeURIComponent(id)}`;
function applied(res: TCommandResponse): TCommandResponse {
  useGameRoom.getState().applyGame(res.game);
  return res;
}

export const seatsApi = {
  /** By name alone this only asks the host; with the seat PIN (or in testing mode) it grants the seat. */
  rejoin: (req: TSeatRejoinRequest) => api.post('/api/games/rejoin', req, ZRejoinAnswer, { token: null }),
  /** The pending phone's poll: pending, denied, or the seat (once). */
  claim: (gameId: string, requestId: string, claimSecret: string) =>
    api.post('/api/games/rejoin/claim', { gameId, requestId, claimSecret }, ZRejoinClaimAnswer, { token: null }),
  /** Host or co-host: one tap on a rejoin request. */
  decide: (gameId: string, requestId: string, approve: boolean) =>
    api
      .post(`${g(gameId)}/rejoin-requests`, { requestId, approve, commandId: commandId() }, ZCommandResponse)
      .then(applied),
  /** Host: a one-time code that moves a seat to the phone that scans it. */
  moveTicket: (gameId: string, playerId: string) =>
    api.post(`${g(gameId)}/players/${encodeURIComponent(playerId)}/move-ticket`, {}, ZSeatMoveTicket),
  redeem: (gameId: string, ticket: string) =>
    api.post(`${g(gameId)}/seat-moves/redeem`, { ticket }, ZSeatGranted, { token: null }),
};
