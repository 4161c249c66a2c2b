import { ZRejoinAnswer, ZRejoinClaimAnswer, ZSeatGranted, type TSeatRejoinRequest } from '@ss/protocol';
import { api } from '../../lib/api';
import { sendCommand } from '../../lib/commands';
import { gamePath as g } from '../game/gamePath';


export const seatsApi = {
  /** By name alone this only asks the host; with the seat PIN (or in testing mode) it grants the seat. */
  rejoin: (req: TSeatRejoinRequest) => api.post('/api/games/rejoin', req, ZRejoinAnswer, { token: null }),
  /** The pending phone's poll: pending, denied, or the seat (once). */
  claim: (gameId: string, requestId: string, claimSecret: string) =>
    api.post('/api/games/rejoin/claim', { gameId, requestId, claimSecret }, ZRejoinClaimAnswer, { token: null }),
  /** Host or co-host: one tap on a rejoin request. */
  decide: (gameId: string, requestId: string, approve: boolean) => sendCommand('answer_rejoin', gameId, { requestId, approve }),
  /** Host: a one-time code that moves a seat to the phone that scans it. */
  moveTicket: (gameId: string, playerId: string) => sendCommand('issue_seat_move', gameId, { playerId }),
  redeem: (gameId: string, ticket: string) =>
    api.post(`${g(gameId)}/seat-moves/redeem`, { ticket }, ZSeatGranted, { token: null }),
};
