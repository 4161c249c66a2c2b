/** "1 of 1 player has a character." / "2 of 5 players have a character." (the verb agrees with the total). */
export function assignedSentence(assigned: number, total: number): string {
  return total === 1 ? `${assigned} of 1 player has a character.` : `${assigned} of ${total} players have a character.`;
}
