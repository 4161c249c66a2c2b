import { MAX_DAYS, MIN_DAYS, phaseDef, phaseTable, type PhaseTable, type TGameView, type TPhaseRef } from '@ss/protocol';

/** The storyline's own day names and dates (each storyline has its own calendar and number of days). */
export type StoryDays = TGameView['storyline']['days'];

/** The game's phase table, derived (like the server's) from how many days its storyline has. */
export function phasesFor(days: StoryDays): PhaseTable {
  return phaseTable(Math.min(MAX_DAYS, Math.max(MIN_DAYS, days.length)));
}

const DAY_WORDS = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'] as const;

/** "Two" for day 2. */
export const dayWord = (day: number): string => DAY_WORDS[day - 1] ?? String(day);

/** A story day as a label: its date from the storyline ("Monday 14th July 1986"), else "Day Two". */
export function dayLabel(day: number, days: StoryDays = []): string {
  return days.find((d) => d.day === day)?.date || `Day ${dayWord(day)}`;
}

/** Human name of a phase by its key, kind and day (what every game read carries). */
export function phaseRefName(ref: TPhaseRef, days: StoryDays = []): string {
  switch (ref.kind) {
    case 'homepage':
      return 'Character introductions';
    case 'day': {
      const day = ref.day ?? 1;
      const date = days.find((d) => d.day === day)?.date;
      return date ? `Day ${dayWord(day)} - ${date}` : `Day ${dayWord(day)}`;
    }
    case 'suspect-vote':
      return 'Suspect vote';
    case 'final-vote':
      return 'Final vote';
    default:
      return 'Outcome';
  }
}

/** Human name of a game phase by number in the game's table (used for the phase a host is about to open). */
export function phaseName(phase: number, days: StoryDays): string {
  const def = phaseDef(phasesFor(days), phase);
  return def ? phaseRefName(def, days) : 'Outcome';
}

export const statusLabel = { setup: 'Setup', in_progress: 'In progress', completed: 'Completed' } as const;
export const statusVariant = { setup: 'warning', in_progress: 'success', completed: 'muted' } as const;

/** Short phase name for buttons: 'Day One', 'Suspect vote', … */
export function shortPhaseName(phase: number, days: StoryDays): string {
  return phaseName(phase, days).split(' - ')[0]!;
}
