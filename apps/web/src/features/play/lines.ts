/** Newline-separated text as trimmed, non-empty lines (special instructions are shown numbered). */
export function toLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** Paragraphs separated by blank lines. */
export function toParagraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export const DEFAULT_HEIGHT = 'Average';
export const DEFAULT_PROFESSION = 'Village Resident';
