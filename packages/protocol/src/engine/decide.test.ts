import { describe, expect, it } from 'vitest';
import { Refusal } from './refusals.js';
import { HOST_SEAT, KitGame, guest, hostActor, seatActor, uuid } from './test-kit.js';
import { phaseName, phaseRoute, phaseTable } from './phases.js';
import { publicView, seatView } from './views.js';

const refused = (d: { ok: boolean; code?: string }) => (d.ok ? null : d.code);

describe('lobby', () => {
  it('seats guests until the game is full, refuses a taken name by code', () => {
    const g = new KitGame();
    expect(g.run({ type: 'join', playerId: uuid(2), displayName: 'Ann' }, guest).ok).toBe(true);
    expect(refused(g.run({ type: 'join', playerId: uuid(3), displayName: 'ann' }, guest))).toBe(Refusal.NAME_TAKEN);
    for (let i = 0; i < 8; i++) g.run({ type: 'join', playerId: uuid(10 + i), displayName: `P${i}` }, guest);
    expect(g.state.players).toHaveLength(10);
    expect(refused(g.run({ type: 'join', playerId: uuid(40), displayName: 'Late' }, guest))).toBe(Refusal.GAME_FULL);
  });

  it('lets only the host run host commands', () => {
    const g = new KitGame();
    g.run({ type: 'join', playerId: uuid(2), displayName: 'Ann' }, guest);
    expect(refused(g.run({ type: 'assign_character', playerId: uuid(2), characterId: 'c0' }, seatActor(uuid(2))))).toBe(Refusal.NOT_HOST);
    expect(g.run({ type: 'assign_character', playerId: uuid(2), characterId: 'c0' }, hostActor).ok).toBe(true);
    expect(refused(g.run({ type: 'assign_character', playerId: HOST_SEAT, characterId: 'c0' }, hostActor))).toBe(Refusal.CHARACTER_TAKEN);
  });

  it('refuses to start without the core cast, naming the whole core cast (not just the killer)', () => {
    const g = new KitGame();
    for (let i = 0; i < 4; i++) g.run({ type: 'join', playerId: uuid(2 + i), displayName: `P${i}` }, guest);
    g.state.players.forEach((p, i) => g.run({ type: 'assign_character', playerId: p.id, characterId: `c${i + 1}` }, hostActor));
    const d = g.run({ type: 'start_game' }, hostActor);
    expect(refused(d)).toBe(Refusal.CORE_CAST_MISSING);
    expect(d.ok ? '' : d.message).toContain('Character 0');
  });

  it('deals the killer to the shadows and the detective to the seekers', () => {
    const g = new KitGame();
    expect(g.seatAndStart(5).ok).toBe(true);
    const byChar = new Map(g.state.players.map((p) => [p.characterId, p.team]));
    expect(byChar.get('c0')).toBe('shadow');
    expect(byChar.get('c1')).toBe('seeker');
    expect(g.state.game.status).toBe('in_progress');
  });
});

describe('phases', () => {
  it('has one table row per phase, routes and names from the storyline', () => {
    const g = new KitGame();
    const t = phaseTable(4);
    expect(t.phases.map((p) => p.number)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(phaseRoute(t, 'g', 5)).toBe('/play/g/vote');
    expect(phaseRoute(t, 'g', 9)).toBe('/play/g/outcome');
    expect(phaseName(2, g.storyline)).toBe('Day 2: Day name 2');
  });

  it('ten advances from the same screen move the game one phase', () => {
    const g = new KitGame();
    g.seatAndStart(5);
    const results = Array.from({ length: 10 }, () => g.run({ type: 'advance_phase', fromPhase: 0 }, hostActor));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.slice(1).every((r) => refused(r) === Refusal.PHASE_STALE)).toBe(true);
    expect(g.state.game.currentPhase).toBe(1);
  });

  it('goes back one phase with back_phase, unless votes of the phase were cast', () => {
    const g = new KitGame();
    g.seatAndStart(5);
    g.run({ type: 'set_phase', phase: 5 }, hostActor);
    expect(g.run({ type: 'back_phase', fromPhase: 5 }, hostActor).ok).toBe(true);
    expect(g.state.game.currentPhase).toBe(4);
    g.run({ type: 'advance_phase', fromPhase: 4 }, hostActor);
    const voter = g.state.players[2]!;
    const others = g.state.players.filter((p) => p.id !== voter.id).slice(0, 3).map((p) => p.id);
    expect(g.run({ type: 'cast_suspect_ballot', suspects: others }, seatActor(voter.id)).ok).toBe(true);
    expect(refused(g.run({ type: 'back_phase', fromPhase: 5 }, hostActor))).toBe(Refusal.VOTES_CAST);
  });

  it('entering the final vote closes the suspect vote with the ballots cast so far', () => {
    const g = new KitGame();
    g.seatAndStart(5);
    g.run({ type: 'set_phase', phase: 5 }, hostActor);
    const [a, b, c, d] = g.state.players.map((p) => p.id) as [string, string, string, string];
    g.run({ type: 'cast_suspect_ballot', suspects: [b, c, d] }, seatActor(a));
    g.run({ type: 'advance_phase', fromPhase: 5 }, hostActor);
    expect(g.state.suspectVoting.topSuspects?.map((t) => t.playerId)).toEqual([b, c, d]);
    expect(g.state.players.filter((p) => p.voteLost).map((p) => p.id).sort()).toEqual([b, c, d].sort());
  });
});

describe('votes', () => {
  function atSuspectVote() {
    const g = new KitGame();
    g.seatAndStart(5);
    g.run({ type: 'set_phase', phase: 5 }, hostActor);
    return g;
  }

  it('a repeated ballot is a no-op, a different one is ALREADY_VOTED', () => {
    const g = atSuspectVote();
    const [a, b, c, d, e] = g.state.players.map((p) => p.id) as string[];
    expect(g.run({ type: 'cast_suspect_ballot', suspects: [b!, c!, d!] }, seatActor(a!)).ok).toBe(true);
    const again = g.run({ type: 'cast_suspect_ballot', suspects: [d!, b!, c!] }, seatActor(a!));
    expect(again.ok && again.events).toEqual([]);
    expect(refused(g.run({ type: 'cast_suspect_ballot', suspects: [b!, c!, e!] }, seatActor(a!)))).toBe(Refusal.ALREADY_VOTED);
  });

  it('the last ballot reveals the top 3; the last final vote completes the game', () => {
    const g = atSuspectVote();
    const ids = g.state.players.map((p) => p.id);
    for (const voter of ids) {
      const others = ids.filter((x) => x !== voter).slice(0, 3);
      expect(g.run({ type: 'cast_suspect_ballot', suspects: others }, seatActor(voter)).ok).toBe(true);
    }
    expect(g.state.suspectVoting.topSuspects).toHaveLength(3);
    g.run({ type: 'advance_phase', fromPhase: 5 }, hostActor);
    const killer = g.state.players.find((p) => p.characterId === 'c0')!;
    const voters = g.state.players.filter((p) => !p.voteLost);
    for (const v of voters) {
      const target = v.id === killer.id ? voters.find((x) => x.id !== v.id)!.id : killer.id;
      expect(g.run({ type: 'cast_final_vote', suspectId: target }, seatActor(v.id)).ok).toBe(true);
    }
    expect(g.state.game.status).toBe('completed');
    expect(g.state.results?.killerPlayerId).toBe(killer.id);
  });

  it('only the detective removes votes, in days 1-5, never twice', () => {
    const g = new KitGame();
    g.seatAndStart(5);
    const det = g.state.players.find((p) => p.characterId === 'c1')!;
    const other = g.state.players.find((p) => p.characterId === 'c3')!;
    expect(refused(g.run({ type: 'remove_vote', playerId: other.id }, seatActor(det.id)))).toBe(Refusal.WRONG_PHASE);
    g.run({ type: 'advance_phase', fromPhase: 0 }, hostActor);
    expect(refused(g.run({ type: 'remove_vote', playerId: det.id }, seatActor(other.id)))).toBe(Refusal.NOT_DETECTIVE);
    expect(g.run({ type: 'remove_vote', playerId: other.id }, seatActor(det.id)).ok).toBe(true);
    expect(refused(g.run({ type: 'remove_vote', playerId: other.id }, seatActor(det.id)))).toBe(Refusal.VOTE_ALREADY_REMOVED);
  });

  it('refuses every command once the game is deleted', () => {
    const g = new KitGame();
    g.run({ type: 'delete_game' }, hostActor);
    expect(refused(g.run({ type: 'join', playerId: uuid(2), displayName: 'Ann' }, guest))).toBe(Refusal.GAME_DELETED);
  });
});

describe('views', () => {
  it('the public view and the host seat view never show another seat team', () => {
    const g = new KitGame();
    g.seatAndStart(5);
    const pub = JSON.stringify(publicView(g.state, g.storyline));
    expect(pub).not.toMatch(/shadow|seeker|SECRET/);
    const host = seatView(g.state, HOST_SEAT, g.storyline);
    expect(host?.character?.secrets).toBe(`SECRET-0`);
    const others = g.state.players.filter((p) => !p.isHost).map((p) => `SECRET-${p.characterId?.slice(1)}`);
    for (const s of others) expect(JSON.stringify(host)).not.toContain(s);
  });
});
