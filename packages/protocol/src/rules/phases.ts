/**
 * The `phase` a final-vote ballot carries on `POST /games/{id}/votes`: a fixed code that tells a final vote from a
 * suspect ballot, whatever the storyline's phase numbers are (the phase table itself is engine/phases.ts).
 */
export const FINAL_VOTE_PHASE_CODE = 99;
