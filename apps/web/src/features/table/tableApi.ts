import { ZReplayResponse } from '@ss/protocol';
import { api } from '../../lib/api';
import { sendCommand } from '../../lib/commands';
import { gamePath as g } from '../game/gamePath';


export const tableApi = {
  /** Host: name (or clear) the co-host; pushed to every phone. */
  setCoHost: (gameId: string, playerId: string | null) => sendCommand('set_co_host', gameId, { playerId }),
  /** Host or co-host: a top suspect's 2-minute defence starts now (or the running one ends early). */
  startDefence: (gameId: string, suspectPlayerId: string) => sendCommand('start_defence', gameId, { suspectPlayerId }),
  endDefence: (gameId: string) => sendCommand('stop_defence', gameId, {}),
  /** Host: every seat without a character gets one at random. */
  deal: (gameId: string) => sendCommand('deal_cast', gameId, {}),
  replay: (gameId: string) => api.get(`${g(gameId)}/replay`, ZReplayResponse),
};
