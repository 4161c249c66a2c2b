/** The border and ground of a ballot choice, lamp-lit once chosen (the suspect vote, the final vote and its demo). */
export function choiceTone(chosen: boolean): string {
  return chosen ? 'border-lamp-400 bg-lamp-400/10' : 'border-ink-600 bg-ink-900/60';
}
