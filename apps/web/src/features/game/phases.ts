import { DAY_DATES, Phase } from '@ss/protocol';

/** Human name of a game phase (0 homepage, 1-4 days, 5 suspect vote, 6 final vote, else outcome). */
export function phaseName(phase: number): string {
  if (phase === Phase.HOMEPAGE) return 'Character introductions';
  if (phase >= Phase.DAY_ONE && phase <= Phase.DAY_FOUR) {
    const names = ['Day One', 'Day Two', 'Day Three', 'Day Four'];
    return `${names[phase - 1]} - ${DAY_DATES[phase - 1]}`;
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
