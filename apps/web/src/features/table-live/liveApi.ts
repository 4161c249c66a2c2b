import { ZLateSeatClaimAnswer, ZWatchAnswer } from '@ss/protocol';
import { api } from '../../lib/api';
import { commandId, sendCommand } from '../../lib/commands';
import { useGameRoom } from '../../store/gameRoom';
import { gamePath as g } from '../game/gamePath';


/** The live table's commands: late arrivals, the shared reveal, the host controls taken over. */
export const liveApi = {
  /** A late arrival watches the game (no login; the phone keeps the claim secret). */
  watch: (joinCode: string, displayName: string) => api.post(`${g(joinCode)}/watch`, { displayName }, ZWatchAnswer, { token: null }),
  /** The watching phone asks whether the host has seated it yet. */
  claimSeat: (gameId: string, arrivalId: string, claimSecret: string) =>
    api.post('/api/games/late-arrivals/claim', { gameId, arrivalId, claimSecret }, ZLateSeatClaimAnswer, { token: null }),
  /** Host: deal a watching late arrival a character. */
  seatLate: (gameId: string, arrivalId: string, characterId: string) => sendCommand('seat_late_arrival', gameId, { arrivalId, characterId }),
  /** Host or co-host: the room's reveal moves to `toStep`; any seat: the automatic step, once due. */
  advanceReveal: (gameId: string, toStep: number, id = commandId()) => sendCommand('advance_reveal', gameId, { toStep, commandId: id }),
  takeOver: (gameId: string) => sendCommand('take_over_host', gameId, {}),
};

/** The server's clock as this phone knows it (the offset measured on each join), for counting to a due time. */
export const serverNow = () => Date.now() + useGameRoom.getState().clockOffsetMs;
