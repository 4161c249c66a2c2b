import { describe, expect, it } from 'vitest';
import { Refusal } from '../refusals.js';
import { HOST_SEAT, KitGame, guest, hostActor, seatActor, system, uuid } from '../test-kit.js';
import { publicView, seatView } from '../views.js';
import { REVEAL_FIRST_WAIT_MS, REVEAL_HOST_IDLE_MS, REVEAL_LAST_STEP, REVEAL_PACE_MS, nextRevealAt } from './reveal.js';
import { HOST_TAKEOVER_AFTER_MS } from './host-presence.js';

const refused = (d: { ok: boolean; code?: string }) => (d.ok ? null : d.code);

/** A started game of 6 seats (host + 5) that ends with every vote on the killer's seat (c0 = the host's seat). */
function finished(onKiller = true) {
  const g = new KitGame();
  g.seatAndStart(5);
  g.run({ type: 'set_phase', phase: 6 }, hostActor);
  const voters = g.state.players.filter((p) => !p.voteLost);
  const killer = g.state.players.find((p) => p.characterId === 'c0')!.id;
  const innocent = g.state.players.find((p) => p.characterId === 'c3')!.id;
  for (const v of voters) {
    const target = onKiller ? (v.id === killer ? innocent : killer) : v.id === innocent ? killer : innocent;
    g.run({ type: 'cast_final_vote', suspectId: target }, seatActor(v.id));
  }
  expect(g.state.game.status).toBe('completed');
  return { g, killer };
}

describe('the shared reveal', () => {
  it('starts at the verdict with no name in the public view; the killer appears only at the killer step', () => {
    const { g, killer } = finished();
    const v0 = publicView(g.state, g.storyline);
    expect(v0.reveal).toMatchObject({ step: 0, accusedPlayerId: null });
    expect(v0.results).toBeNull();
    expect(JSON.stringify(v0)).not.toContain('killerPlayerId');
    expect(g.run({ type: 'advance_reveal', toStep: 1 }, hostActor).ok).toBe(true);
    const v1 = publicView(g.state, g.storyline);
    expect(v1.reveal?.accusedPlayerId).toBe(killer);
    expect(v1.results).toBeNull();
    g.run({ type: 'advance_reveal', toStep: 2 }, hostActor);
    expect(publicView(g.state, g.storyline).results).toMatchObject({ killerPlayerId: killer, winningTeam: 'seekers' });
  });

  it('moves only by the driver before it is due; repeated taps change nothing', () => {
    const { g } = finished(false);
    const player = g.state.players.find((p) => !p.isHost)!.id;
    expect(refused(g.run({ type: 'advance_reveal', toStep: 1 }, seatActor(player)))).toBe(Refusal.REVEAL_NOT_DUE);
    expect(refused(g.run({ type: 'advance_reveal', toStep: 1 }, system))).toBe(Refusal.REVEAL_NOT_DUE);
    expect(g.run({ type: 'advance_reveal', toStep: 1 }, hostActor).ok).toBe(true);
    const again = g.run({ type: 'advance_reveal', toStep: 1 }, hostActor);
    expect(again.ok && again.events).toEqual([]);
    // The co-host drives too, and may skip ahead.
    g.state = { ...g.state, game: { ...g.state.game, coHostPlayerId: player } };
    expect(g.run({ type: 'advance_reveal', toStep: REVEAL_LAST_STEP }, seatActor(player)).ok).toBe(true);
    expect(g.state.reveal?.step).toBe(REVEAL_LAST_STEP);
    expect(nextRevealAt(g.state.reveal)).toBeNull();
  });

  it('paces itself when nobody taps: due times come from the state, one step per ask', () => {
    const { g } = finished();
    const start = g.state.reveal!.at;
    expect(nextRevealAt(g.state.reveal)).toBe(start + REVEAL_FIRST_WAIT_MS);
    g.now = start + REVEAL_FIRST_WAIT_MS - 2000; // run() adds 1 s
    expect(refused(g.run({ type: 'advance_reveal', toStep: 1 }, system))).toBe(Refusal.REVEAL_NOT_DUE);
    expect(g.run({ type: 'advance_reveal', toStep: 1 }, system).ok).toBe(true);
    expect(g.state.reveal).toMatchObject({ step: 1, by: 'auto' });
    // Two instances' timers (or phones) asking for the same step: the second changes nothing; skipping is refused.
    const twice = g.run({ type: 'advance_reveal', toStep: 1 }, system);
    expect(twice.ok && twice.events).toEqual([]);
    expect(nextRevealAt(g.state.reveal)).toBe(g.state.reveal!.at + REVEAL_PACE_MS);
    g.now = g.state.reveal!.at + REVEAL_PACE_MS;
    expect(refused(g.run({ type: 'advance_reveal', toStep: 3 }, system))).toBe(Refusal.REVEAL_NOT_DUE);
    g.now = g.state.reveal!.at + REVEAL_PACE_MS;
    const player = g.state.players.find((p) => !p.isHost)!.id;
    expect(g.run({ type: 'advance_reveal', toStep: 2 }, seatActor(player)).ok).toBe(true);
    // After a tap of the host's the pace waits longer.
    g.run({ type: 'advance_reveal', toStep: 3 }, hostActor);
    expect(nextRevealAt(g.state.reveal)).toBe(g.state.reveal!.at + REVEAL_HOST_IDLE_MS);
  });

  it('refuses before the game ends', () => {
    const g = new KitGame();
    g.seatAndStart(5);
    expect(refused(g.run({ type: 'advance_reveal', toStep: 1 }, hostActor))).toBe(Refusal.GAME_NOT_COMPLETED);
  });
});

describe('late arrivals', () => {
  function started(players = 5) {
    const g = new KitGame();
    g.seatAndStart(players);
    return g;
  }
  const arrive = (g: KitGame, n: number, name = `Late ${n}`) =>
    g.run({ type: 'arrive_late', arrivalId: uuid(700 + n), displayName: name, claimHash: `hash-${n}` }, guest);

  it('watches, is seated by the host with a character of the cast at the new count, and collects the seat once', () => {
    const g = started();
    expect(arrive(g, 1).ok).toBe(true);
    const view = publicView(g.state, g.storyline);
    expect(view.lateArrivals).toEqual([expect.objectContaining({ displayName: 'Late 1', status: 'watching' })]);
    expect(JSON.stringify(view)).not.toContain('hash-1');
    // Six seats held c0..c5; the cast at seven deals c6.
    expect(view.lateSeatCharacters?.map((c) => c.id)).toEqual(['c6']);
    expect(refused(g.run({ type: 'seat_late_arrival', arrivalId: uuid(701), characterId: 'c9', playerId: uuid(801) }, hostActor))).toBe(Refusal.CHARACTER_NOT_AVAILABLE);
    expect(refused(g.run({ type: 'seat_late_arrival', arrivalId: uuid(701), characterId: 'c6', playerId: uuid(801) }, seatActor(uuid(2))))).toBe(Refusal.NOT_HOST);
    const claimEarly = g.run({ type: 'claim_late_seat', arrivalId: uuid(701), claimHash: 'hash-1', pinHash: 'pin' }, guest);
    expect(claimEarly.ok && claimEarly.events).toEqual([]);
    expect(g.run({ type: 'seat_late_arrival', arrivalId: uuid(701), characterId: 'c6', playerId: uuid(801) }, hostActor).ok).toBe(true);
    const seat = g.state.players.find((p) => p.id === uuid(801))!;
    expect(seat).toMatchObject({ characterId: 'c6', team: 'seeker', displayName: 'Late 1' });
    expect(seatView(g.state, seat.id, g.storyline)?.hasAccess).toBe(true);
    expect(refused(g.run({ type: 'claim_late_seat', arrivalId: uuid(701), claimHash: 'wrong', pinHash: 'pin' }, guest))).toBe(Refusal.REQUEST_NOT_FOUND);
    expect(g.run({ type: 'claim_late_seat', arrivalId: uuid(701), claimHash: 'hash-1', pinHash: 'pin' }, guest).ok).toBe(true);
    expect(refused(g.run({ type: 'claim_late_seat', arrivalId: uuid(701), claimHash: 'hash-1', pinHash: 'pin' }, guest))).toBe(Refusal.REQUEST_NOT_FOUND);
    // The Shadows dealt at the start are unchanged.
    expect(g.state.players.filter((p) => p.team === 'shadow')).toHaveLength(2);
  });

  it('closes after Day 1 and respects the player range', () => {
    const g = started();
    arrive(g, 1);
    g.run({ type: 'set_phase', phase: 1 }, hostActor);
    expect(publicView(g.state, g.storyline).lateSeatCharacters).toHaveLength(1);
    g.run({ type: 'set_phase', phase: 2 }, hostActor);
    expect(publicView(g.state, g.storyline).lateSeatCharacters).toEqual([]);
    expect(refused(g.run({ type: 'seat_late_arrival', arrivalId: uuid(701), characterId: 'c6', playerId: uuid(801) }, hostActor))).toBe(Refusal.LATE_SEATING_CLOSED);
    // A full game (the tier's limit of 10 seats) seats nobody more.
    const full = started(9);
    arrive(full, 2);
    expect(refused(full.run({ type: 'seat_late_arrival', arrivalId: uuid(702), characterId: 'c10', playerId: uuid(802) }, hostActor))).toBe(Refusal.TOO_MANY_PLAYERS);
  });

  it('refuses a taken name, a game not started and a game over', () => {
    const g = started();
    expect(refused(arrive(g, 1, 'player 0'))).toBe(Refusal.NAME_TAKEN);
    const lobby = new KitGame();
    expect(refused(arrive(lobby, 1))).toBe(Refusal.GAME_NOT_IN_PROGRESS);
    const { g: over } = finished();
    expect(refused(arrive(over, 1))).toBe(Refusal.GAME_OVER);
  });
});

describe('the host away', () => {
  it('is noted by the server; the co-host may take over only after a minute away; the host back takes the controls back', () => {
    const g = new KitGame();
    g.seatAndStart(5);
    const co = uuid(3);
    g.run({ type: 'set_co_host', playerId: co }, hostActor);
    expect(refused(g.run({ type: 'take_over_host' }, seatActor(co)))).toBe(Refusal.HOST_PRESENT);
    expect(refused(g.run({ type: 'note_host_presence', online: false }, seatActor(co)))).toBe(Refusal.NOT_A_PLAYER);
    expect(g.run({ type: 'note_host_presence', online: false }, system).ok).toBe(true);
    const since = g.state.game.hostAwaySince!;
    expect(publicView(g.state, g.storyline).hostAwaySince).toBe(since);
    expect(refused(g.run({ type: 'take_over_host' }, seatActor(co)))).toBe(Refusal.HOST_PRESENT);
    g.now = since + HOST_TAKEOVER_AFTER_MS;
    expect(refused(g.run({ type: 'take_over_host' }, seatActor(uuid(4))))).toBe(Refusal.NOT_HOST);
    expect(g.run({ type: 'take_over_host' }, seatActor(co)).ok).toBe(true);
    expect(g.state.game.actingHostPlayerId).toBe(co);
    g.run({ type: 'note_host_presence', online: true }, system);
    expect(g.state.game).toMatchObject({ hostAwaySince: null, actingHostPlayerId: null });
  });

  it('offers the controls to the leader when there is no co-host; the acting host drives', () => {
    const g = new KitGame();
    g.seatAndStart(5);
    const leader = uuid(4);
    g.run({ type: 'set_leader', playerId: leader }, hostActor);
    expect(refused(g.run({ type: 'advance_phase', fromPhase: 0 }, seatActor(leader)))).toBe(Refusal.NOT_HOST);
    g.run({ type: 'note_host_presence', online: false }, system);
    g.now += HOST_TAKEOVER_AFTER_MS;
    expect(g.run({ type: 'take_over_host' }, seatActor(leader)).ok).toBe(true);
    expect(g.run({ type: 'advance_phase', fromPhase: 0 }, seatActor(leader)).ok).toBe(true);
    // Repeated presence notes change nothing.
    const again = g.run({ type: 'note_host_presence', online: false }, system);
    expect(again.ok && again.events).toEqual([]);
    expect(HOST_SEAT).toBeTruthy();
  });
});
