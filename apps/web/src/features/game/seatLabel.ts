import type { SelectOption } from '../../components/ui';

interface Seat {
  id: string;
  displayName: string;
  character?: { name: string } | null;
}

/** How the host's controls name a seat: "Ann (Inspector Bell)", or "Ann" before a character is dealt. */
export function seatLabel(p: Omit<Seat, 'id'>): string {
  return p.character ? `${p.displayName} (${p.character.name})` : p.displayName;
}

/** The seats as a Select's options, each named by seatLabel. */
export function seatOptions(players: readonly Seat[]): SelectOption[] {
  return players.map((p) => ({ value: p.id, label: seatLabel(p) }));
}
