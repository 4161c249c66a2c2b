/** Local markers that a ballot was accepted, so that a reload does not offer a form the server would refuse. */
const key = (kind: 'suspects' | 'final', gameId: string, playerId: string) => `voted_${kind}_${gameId}_${playerId}`;

export function markVoted(kind: 'suspects' | 'final', gameId: string, playerId: string): void {
  try {
    localStorage.setItem(key(kind, gameId, playerId), 'true');
  } catch {
    /* storage unavailable: the server still refuses a second ballot */
  }
}

export function hasVoted(kind: 'suspects' | 'final', gameId: string, playerId: string): boolean {
  try {
    return localStorage.getItem(key(kind, gameId, playerId)) === 'true';
  } catch {
    return false;
  }
}
