import type { TPrivateCharacter } from '@ss/protocol';

/**
 * The labelled prose of a character sheet, in the order an author reads it: the author tools (preview, book, blind
 * pool) print these after their own header fields.
 */
const SHEET_PROSE: ReadonlyArray<readonly [string, keyof TPrivateCharacter]> = [
  ['Personality', 'personality'],
  ['Backstory', 'backstory'],
  ['Relationships', 'relationships'],
  ['Secrets', 'secrets'],
  ['Motivation', 'motivation'],
  ['Game objective', 'gameObjective'],
  ['Special instructions', 'specialInstructions'],
  ['Gameplay tips', 'gameplayTips'],
  ['Homepage', 'storylineHomepage'],
  ['Press conference (homepage)', 'pressConferenceHomepage'],
];

/** The sheet's prose fields that have text, as [label, text]. */
export function sheetProse(c: TPrivateCharacter): Array<[string, string]> {
  return SHEET_PROSE.flatMap(([label, key]): Array<[string, string]> => {
    const value = c[key];
    return typeof value === 'string' && value ? [[label, value]] : [];
  });
}
