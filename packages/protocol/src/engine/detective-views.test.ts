import { describe, expect, it } from 'vitest';
import { KitGame, hostActor, seatActor, uuid } from './test-kit.js';
import { isDetectiveSeat } from './cast-view.js';
import { seatView, votingResultsView } from './views.js';
import { phasesOf } from './phases.js';

/** Seven seats (host + 6) with c0..c6; the detective is c1 (uuid(2)); voting closed with every ballot in. */
function votedGame() {
  const g = new KitGame();
  g.seatAndStart(6);
  g.run({ type: 'set_phase', phase: phasesOf(g.storyline).suspectVote }, hostActor);
  const ids = g.state.players.map((p) => p.id);
  // Five different players get votes, so the count has more than the top 3.
  ids.forEach((voter, i) => {
    const picks = [1, 2, 3, 4, 5, 6].map((k) => ids[(i + k) % ids.length] as string).filter((id) => id !== voter).slice(0, 3);
    const d = g.run({ type: 'cast_suspect_ballot', suspects: picks }, voter === ids[0] ? hostActor : seatActor(voter));
    expect(d.ok).toBe(true);
  });
  return g;
}

describe('the detective, as the views decide', () => {
  it('is the seat holding the Detective character, and only its own view says so', () => {
    const g = new KitGame();
    g.seatAndStart(4);
    const detective = uuid(2);
    expect(g.state.players.filter((p) => isDetectiveSeat(g.state, g.storyline, p.id)).map((p) => p.id)).toEqual([detective]);
    expect(seatView(g.state, detective, g.storyline)?.character?.isDetective).toBe(true);
    expect(seatView(g.state, uuid(3), g.storyline)?.character?.isDetective).toBe(false);
  });

  it('reads the whole ranked count; every other seat and the host read the top 3 only', () => {
    const g = votedGame();
    expect(g.state.suspectVoting.topSuspects).toHaveLength(3);
    const ranked = Object.keys(g.state.suspectVoting.tally).length;
    expect(ranked).toBeGreaterThan(3);
    const detective = votingResultsView(g.state, g.storyline, seatActor(uuid(2)));
    expect(detective.suspectVotes).toHaveLength(ranked);
    expect(votingResultsView(g.state, g.storyline, seatActor(uuid(3))).suspectVotes).toHaveLength(3);
    expect(votingResultsView(g.state, g.storyline, hostActor).suspectVotes).toHaveLength(3);
    // An admin who holds no seat reads the whole count too (support), an admin reader never sees ballots.
    expect(votingResultsView(g.state, g.storyline, { role: 'admin', playerId: null }).suspectVotes).toHaveLength(ranked);
    expect(JSON.stringify(detective)).not.toContain('ballots');
    expect(detective.topSuspects.every((t) => t.searchWarrantEvidence.length === 1)).toBe(true);
  });

  it('shows nothing of the count, to anyone, before the top 3 are revealed', () => {
    const g = new KitGame();
    g.seatAndStart(5);
    g.run({ type: 'set_phase', phase: phasesOf(g.storyline).suspectVote }, hostActor);
    g.run({ type: 'cast_suspect_ballot', suspects: [uuid(3), uuid(4), uuid(5)] }, seatActor(uuid(2)));
    const early = votingResultsView(g.state, g.storyline, seatActor(uuid(2)));
    expect(early).toMatchObject({ allVotesSubmitted: false, totalVotes: 1, suspectVotes: [], topSuspects: [] });
  });
});

