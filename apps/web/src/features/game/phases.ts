import { Phase, type TGameView } from '@ss/protocol';

/** The storyline's own day names and dates (each storyline has its own calendar). */
export type StoryDays = TGameView['storyline']['days'];

const DAY_NAMES = ['Day One', 'Day Two', 'Day Three', 'Day Four'] as const;

/** A story day as a label: its date from the storyline ("Monday 14th July 1986"), else "Day Two". */
export function dayLabel(day: number, days: StoryDays = []): string {
  return days.find((d) => d.day === day)?.date || DAY_NAMES[day - 1] || `Day ${day}`;
}

/** Human name of a game phase (0 homepage, 1-4 days, 5 suspect vote, 6 final vote, else outcome). */
export function phaseName(phase: number, days: StoryDays = []): string {
  if (phase === Phase.HOMEPAGE) return 'Character introductions';
  if (phase >= Phase.DAY_ONE && phase <= Phase.DAY_FOUR) {
    const date = days.find((d) => d.day === phase)?.date;
    return date ? `${DAY_NAMES[phase - 1]} - ${date}` : DAY_NAMES[phase - 1]!;
  }
  if (phase === Phase.SUSPECT_VOTE) return 'Suspect vote';
  if (phase === Phase.FINAL_VOTE) return 'Final vote';
  return 'Outcome';
}

export const statusLabel = { setup: 'Setup', in_progress: 'In progress', completed: 'Completed' } as const;
export const statusVariant = { setup: 'warning', in_progress: 'success', completed: 'muted' } as const;

/** Short phase name for buttons: 'Day One', 'Suspect vote', … */
export function shortPhaseName(phase: number): string {
  return phaseName(phase).split(' - ')[0]!;
}
