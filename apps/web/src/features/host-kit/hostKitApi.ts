import { ZAnswerSheetResponse, ZHostKitResponse } from '@ss/protocol';
import { api, ApiRequestError } from '../../lib/api';
import { sendCommand } from '../../lib/commands';
import * as session from '../../lib/session';
import { gamePath as g } from '../game/gamePath';


export const hostKitKeys = {
  kit: (gameId: string) => ['host-kit', gameId] as const,
  answerSheet: (gameId: string) => ['answer-sheet', gameId] as const,
};

/** The host's kit: phase notes (host side only), hint cards pushed to every phone, the answer sheet, the guide. */
export const hostKitApi = {
  kit: (gameId: string) => api.get(`${g(gameId)}/host-kit`, ZHostKitResponse),
  pushHint: (gameId: string, hintId: string) => sendCommand('push_hint', gameId, { hintId }),
  answerSheet: (gameId: string) => api.get(`${g(gameId)}/answer-sheet`, ZAnswerSheetResponse),
  /**
   * The printable host guide: fetched with the session's token (a plain link would carry none) and handed to the
   * browser as a download.
   */
  async downloadGuide(storylineId: string): Promise<void> {
    const token = session.getToken();
    const res = await fetch(`/api/storylines/${encodeURIComponent(storylineId)}/host-guide.pdf`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    if (!res.ok) throw new ApiRequestError(res.status, res.statusText, await res.text(), null);
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = `${storylineId}-host-guide.pdf`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};
