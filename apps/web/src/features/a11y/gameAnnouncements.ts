import type { TGameView } from '@ss/protocol';
import { phaseRefName } from '../game/phases';

/**
 * What a screen reader is told when the live game changes under the player: the host moved everyone to a new phase,
 * the suspect vote named its top 3, the final vote ended. Null when nothing worth saying changed (the first view of a
 * game is the page itself, not news).
 */
export function gameAnnouncement(prev: TGameView | null, next: TGameView | null): string | null {
  if (!prev || !next || prev.id !== next.id) return null;
  if (prev.status !== 'completed' && next.status === 'completed') {
    return 'The final vote is over. The verdict is on the screen.';
  }
  if (prev.status === 'setup' && next.status === 'in_progress')
    return 'The game has started. Read your character.';
  // A phase change and a vote result can arrive in one push (the host closed the vote): both are said.
  const said: string[] = [];
  const top = next.suspectVoting.topSuspects;
  if (!prev.suspectVoting.topSuspects && top && top.length > 0) {
    const names = top.map((t) => {
      const p = next.players.find((x) => x.id === t.playerId);
      return p ? (p.character ? `${p.character.name} (${p.displayName})` : p.displayName) : 'a player';
    });
    said.push(`Suspect vote result: the top ${names.length} suspects are ${names.join(', ')}.`);
  }
  if (next.status === 'in_progress' && prev.phase.key !== next.phase.key) {
    said.push(`The host moved everyone on. Now: ${phaseRefName(next.phase, next.storyline.days)}.`);
  }
  for (const h of newHints(prev, next)) said.push(`Hint from the host: ${h.title} ${h.text}`);
  return said.length > 0 ? said.join(' ') : null;
}

/** The hint cards in `next` that `prev` did not have (pushed since). */
export function newHints(prev: TGameView | null, next: TGameView | null): NonNullable<TGameView['hints']> {
  if (!prev || !next || prev.id !== next.id) return [];
  const had = new Set((prev.hints ?? []).map((h) => h.hintId));
  return (next.hints ?? []).filter((h) => !had.has(h.hintId));
}
