import { z } from 'zod';
import { ZCommandId } from './common.js';
import { ZDay } from './story-days.js';

/**
 * The host's kit. The host plays blind and the case is a secret until the reveal, so everything here that is
 * visible before the reveal is case-neutral and lives at storyline level (`<slug>/host-kit.json`): per-phase notes
 * (a read-aloud opener, target minutes, a "by now the table should know" checklist) and hint cards, each pointing
 * at evidence that matters in every case. The answer sheet is per case (`answer-sheet.json` next to the case's
 * solution) and opens to everyone only once the final vote has closed.
 */

const ZText = z.string().trim().min(1);
const ZId = z.string().regex(/^[a-z0-9-]+$/);

/** One hint card: a conclusion the table should reach, and a nudge at the evidence (never a name of the killer). */
export const ZHostHint = z
  .object({
    id: ZId,
    /** The conclusion, as a question ("Who had the key to the lamp room?"). */
    title: ZText,
    /** The card every phone shows: where to look, never the answer. */
    text: ZText,
    /** The first day whose material answers it: the hint can be pushed from that day's phase on. */
    fromDay: ZDay.default(1),
  })
  .strict();
export type THostHint = z.infer<typeof ZHostHint>;

/** The host's script for one phase. */
export const ZHostPhaseNotes = z
  .object({
    /** Read aloud when the phase opens (fits one phone screen). */
    opener: ZText,
    targetMinutes: z.number().int().min(1).max(180),
    /** "By now the table should know": evidence, never names of the guilty. */
    checklist: z.array(ZText),
    /** Hint cards that suit this phase (ids of `hints`), shown first on the host's panel. */
    hintIds: z.array(ZId).default([]),
  })
  .strict();
export type THostPhaseNotes = z.infer<typeof ZHostPhaseNotes>;

/** `<slug>/host-kit.json`: keyed by the storyline's derived phase keys (homepage, day-1..day-N, suspect-vote, final-vote). */
export const ZHostKit = z
  .object({
    /** What the evening is, for the printed guide (premise only). */
    overview: ZText,
    /** Steps before the guests arrive, for the printed guide. */
    setup: z.array(ZText).min(1),
    phases: z.record(z.string().regex(/^(homepage|day-[1-9]|suspect-vote|final-vote|outcome)$/), ZHostPhaseNotes),
    hints: z.array(ZHostHint).min(1),
  })
  .strict();
export type THostKit = z.infer<typeof ZHostKit>;

/** A case's answer sheet in prose: `answer-sheet.json` beside the case's solution. Opened after the final vote. */
export const ZAnswerSheet = z
  .object({
    /** One paragraph: what happened. */
    summary: ZText,
    motive: ZText,
    method: ZText,
    /** The key clues and who held them (a character's name, or "everyone" for public material). */
    keyClues: z.array(z.object({ clue: ZText, heldBy: ZText, day: ZDay }).strict()).min(1),
    /** How the table could have reasoned, step by step. */
    reasoning: z.array(ZText).min(1),
  })
  .strict();
export type TAnswerSheet = z.infer<typeof ZAnswerSheet>;

// ---------- wire ----------

/** GET /api/games/:id/host-kit: the host's (co-host's, acting host's) script for the game's storyline. */
export const ZHostKitResponse = z.object({ storylineId: z.string(), kit: ZHostKit });
export type THostKitResponse = z.infer<typeof ZHostKitResponse>;

/** POST /api/games/:id/hints: the host pushes a hint card to every phone. */
export const ZPushHintRequest = z.object({ hintId: ZId.max(64), commandId: ZCommandId });
export type TPushHintRequest = z.infer<typeof ZPushHintRequest>;

/** A hint card's words, wherever a pushed card is shown. */
export const ZHintText = z.object({ hintId: z.string(), title: z.string(), text: z.string() });

/** A pushed hint as every phone sees it (public: hints are not secret). */
export const ZHintCard = ZHintText.extend({
  /** When it was pushed (ms, server clock) and in which phase. */
  at: z.number().int(),
  phase: z.number().int(),
  phaseKey: z.string(),
});
export type THintCard = z.infer<typeof ZHintCard>;

/** GET /api/games/:id/answer-sheet: the case's solution in prose, once the final vote has closed. */
export const ZAnswerSheetResponse = z.object({
  gameId: z.uuid(),
  caseTitle: z.string(),
  killerName: z.string(),
  sheet: ZAnswerSheet,
});
export type TAnswerSheetResponse = z.infer<typeof ZAnswerSheetResponse>;
