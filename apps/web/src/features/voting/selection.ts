export const SUSPECT_PICKS = 3;

export type ToggleResult = { ok: true; selection: string[] } | { ok: false; reason: 'max' };

/** Toggle a suspect in a selection of at most 3 (a fourth pick is refused). */
export function toggleSuspect(selection: readonly string[], id: string): ToggleResult {
  if (selection.includes(id)) return { ok: true, selection: selection.filter((s) => s !== id) };
  if (selection.length >= SUSPECT_PICKS) return { ok: false, reason: 'max' };
  return { ok: true, selection: [...selection, id] };
}

/** The hint under the submit button. */
export function selectionHint(count: number): string {
  const left = SUSPECT_PICKS - count;
  return left <= 0 ? 'Ready to submit your votes' : `Select ${left} more suspect(s)`;
}

/** Remaining time of a server-synced countdown, in whole seconds, never below 0. */
export function remainingSeconds(endsAt: number, nowLocal: number, clockOffsetMs: number, durationMs?: number): number {
  const left = Math.max(0, Math.ceil((endsAt - (nowLocal + clockOffsetMs)) / 1000));
  // The offset estimate carries the network delay; never show more than the full duration.
  return durationMs === undefined ? left : Math.min(left, Math.ceil(durationMs / 1000));
}

export function formatClock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
