import path from 'node:path';
import { caseStoryline, renderCastText, ZGameResults, type TGameResults } from '@ss/protocol';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/app-error.js';

/** Everything the PDF shows, gathered from the ledger (Postgres) and the storyline content of the game's version. */
export interface ReportData {
  title: string;
  joinCode: string;
  completedAt: Date | null;
  winningTeam: 'seekers' | 'shadows' | null;
  players: Array<{
    id: string;
    name: string;
    characterName: string | null;
    profession: string | null;
    team: 'seeker' | 'shadow' | null;
    isKiller: boolean;
    /** The character's portrait as a file of the storyline content (SVG or raster), when it has one. */
    portraitFile: string | null;
  }>;
  suspectVotes: Array<{ voter: string; suspects: string[] }>;
  finalVotes: Array<{ voter: string; accused: string }>;
  accused: string | null;
  killer: string | null;
  killerCorrect: boolean | null;
  killerRevealStory: string | null;
  /** The case the game played (its title), named now that the game is over. */
  caseTitle: string | null;
  /** How the case could be solved: each day's public clue, in order. */
  solutionTrail: Array<{ day: number; date: string; name: string; clue: string }>;
}

/** A `/content/...` URL as a file under the content directory (never outside it). */
function contentFile(contentDir: string, url: string): string | null {
  if (!url.startsWith('/content/')) return null;
  const file = path.resolve(contentDir, url.slice('/content/'.length));
  return file.startsWith(path.resolve(contentDir) + path.sep) ? file : null;
}

const label = (name: string, character: string | null) => (character ? `${name} (${character})` : name);

export async function loadReportData(ctx: AppContext, gameId: string): Promise<ReportData> {
  const game = await ctx.db.selectFrom('games').selectAll().where('id', '=', gameId).executeTakeFirst();
  if (!game) throw notFound('Game not found');
  const [storylineRow, players, ballots, finals, resultRow] = await Promise.all([
    ctx.db.selectFrom('storylines').select('title').where('id', '=', game.storyline_id).executeTakeFirst(),
    ctx.db.selectFrom('game_players').selectAll().where('game_id', '=', gameId).where('removed_at', 'is', null).orderBy('joined_at').orderBy('id').execute(),
    ctx.db.selectFrom('suspect_ballots').selectAll().where('game_id', '=', gameId).orderBy('created_at').execute(),
    ctx.db.selectFrom('final_votes').selectAll().where('game_id', '=', gameId).orderBy('created_at').execute(),
    ctx.db.selectFrom('game_results').selectAll().where('game_id', '=', gameId).executeTakeFirst(),
  ]);
  const parsedResults = resultRow ? ZGameResults.safeParse(resultRow.data) : null;
  const results: TGameResults | null = parsedResults?.success ? parsedResults.data : null;
  // The game's case as its results name it (results written before cases existed: the storyline's first case).
  const storyline = caseStoryline(await ctx.catalog.get(game.storyline_id, game.storyline_version), results?.caseId ?? undefined);
  const killerCharacterId = storyline.case?.killerCharacterId ?? null;

  const byId = new Map(
    players.map((p) => {
      const ch = p.character_id ? storyline.characters.get(p.character_id) : undefined;
      return [
        p.id,
        {
          id: p.id,
          name: p.display_name,
          characterName: ch?.name ?? null,
          profession: ch?.profession ?? null,
          team: p.team,
          isKiller: p.character_id !== null && p.character_id === killerCharacterId,
          portraitFile: ch ? contentFile(ctx.config.contentDir, ch.image.url) : null,
        },
      ] as const;
    }),
  );
  const nameOf = (id: string | null | undefined) => {
    if (!id) return null;
    const p = byId.get(id);
    return p ? label(p.name, p.characterName) : 'A removed player';
  };
  const killerPlayer = [...byId.values()].find((p) => p.isKiller) ?? null;
  const killerCharacter = killerCharacterId ? storyline.characters.get(killerCharacterId) : undefined;
  const dealt = new Set(players.flatMap((p) => (p.character_id ? [p.character_id] : [])));
  const cast = { nameOf: (id: string) => storyline.characters.get(id)?.name, inGame: (id: string) => dealt.has(id) };
  const accusedId = resultRow?.accused_player_id ?? results?.accusedKiller?.playerId ?? null;

  return {
    title: storylineRow?.title ?? storyline.content.title,
    joinCode: game.join_code,
    completedAt: resultRow ? new Date(resultRow.completed_at) : game.completed_at ? new Date(game.completed_at) : null,
    winningTeam: results?.winningTeam ?? (resultRow?.winning_team === 'seekers' || resultRow?.winning_team === 'shadows' ? resultRow.winning_team : null),
    players: [...byId.values()],
    suspectVotes: ballots.map((b) => ({
      voter: nameOf(b.voter_player_id) ?? '',
      suspects: z
        .array(z.string())
        .parse(b.suspect_player_ids)
        .map((s) => nameOf(s) ?? ''),
    })),
    finalVotes: finals.map((f) => ({ voter: nameOf(f.voter_player_id) ?? '', accused: nameOf(f.suspect_player_id) ?? '' })),
    accused: nameOf(accusedId),
    killer: killerPlayer ? label(killerPlayer.name, killerPlayer.characterName) : (killerCharacter?.name ?? null),
    killerCorrect: resultRow ? resultRow.killer_correct : null,
    killerRevealStory: results?.killerRevealStory ?? (killerCharacter?.killerRevealStory ? renderCastText(killerCharacter.killerRevealStory, cast) : null),
    caseTitle: storyline.case?.title ?? null,
    solutionTrail: [...storyline.content.days]
      .sort((a, b) => a.day - b.day)
      .map((d) => ({ day: d.day, date: d.date, name: d.name, clue: renderCastText(d.clue, cast) })),
  };
}
