import {
  ZCharacterDetail,
  ZDailyVote,
  ZDayContent,
  ZPlayerNotes,
  ZPublicCharacterList,
  type TDailyVote,
} from '@ss/protocol';
import { api, ApiRequestError } from '../../lib/api';
import { sendCommand } from '../../lib/commands';
import { gamePath as g } from '../game/gamePath';


/** In-game content reads and the player's own writes. */
export const playApi = {
  /** Day content of a character; a host or admin in testing mode names the game to read another character's day. */
  day: (characterId: string, day: number, gameId?: string) =>
    api.get(
      `/api/characters/${encodeURIComponent(characterId)}/day/${day}${gameId ? `?gameId=${encodeURIComponent(gameId)}` : ''}`,
      ZDayContent,
    ),
  storylineCharacters: (storylineId: string) => api.get(`/api/characters/storyline/${encodeURIComponent(storylineId)}`, ZPublicCharacterList),
  character: (characterId: string) => api.get(`/api/characters/${encodeURIComponent(characterId)}`, ZCharacterDetail),
  notes: (gameId: string) => api.get(`${g(gameId)}/notes`, ZPlayerNotes),
  saveNotes: (gameId: string, body: string) => api.put(`${g(gameId)}/notes`, { body }, ZPlayerNotes),
  dailyVote: (gameId: string, gamePlayerId: string, day: number, suspectCharacterId: string) =>
    sendCommand('cast_daily_vote', gameId, { gamePlayerId, day, suspectCharacterId }),
  /** The player's own daily vote, or null when there is none yet (404). */
  ownDailyVote: async (gameId: string, gamePlayerId: string, day: number): Promise<TDailyVote | null> => {
    try {
      return await api.get(`${g(gameId)}/player/${encodeURIComponent(gamePlayerId)}/daily-vote/${day}`, ZDailyVote);
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 404) return null;
      throw err;
    }
  },
};

export const playKeys = {
  day: (gameId: string, characterId: string, day: number) => ['day', gameId, characterId, day] as const,
  characters: (storylineId: string) => ['storyline-characters', storylineId] as const,
  character: (characterId: string, gameId: string) => ['character', characterId, gameId] as const,
  notes: (gameId: string) => ['notes', gameId] as const,
  dailyVote: (gameId: string, playerId: string, day: number) => ['daily-vote', gameId, playerId, day] as const,
};
