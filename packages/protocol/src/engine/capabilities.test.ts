import { describe, expect, it } from 'vitest';
import { capabilitiesOf } from './capabilities.js';
import { decide } from './decide.js';
import { Refusal } from './refusals.js';
import { HOST_SEAT, KitGame, hostActor, seatActor, uuid } from './test-kit.js';
import { seatView } from './views.js';
import type { Actor } from './command.js';

const admin: Actor = { role: 'admin', playerId: null };
const PLAYER = uuid(2);
const CO_HOST = uuid(3);

function started() {
  const g = new KitGame();
  expect(g.seatAndStart(5).ok).toBe(true);
  return g;
}

describe('capabilities: what a caller may do, read from the rules decide applies', () => {
  it('the host drives and runs the table; a player does neither; an admin without a seat holds no right', () => {
    const g = started();
    const host = capabilitiesOf(g.state, hostActor, g.storyline);
    expect(host).toMatchObject({ drivePhases: true, pushHint: true, stepReveal: true, assignCharacters: true, startGame: true, setCoHost: true, removePlayers: true, moveSeats: true });
    expect(Object.values(capabilitiesOf(g.state, seatActor(PLAYER), g.storyline)).some(Boolean)).toBe(false);
    expect(Object.values(capabilitiesOf(g.state, admin, g.storyline)).some(Boolean)).toBe(false);
  });

  it('the co-host drives (phases, hints, the reveal) but holds none of the host-only controls, and agrees with decide', () => {
    const g = started();
    g.run({ type: 'set_co_host', playerId: CO_HOST }, hostActor);
    const co = capabilitiesOf(g.state, seatActor(CO_HOST), g.storyline);
    expect(co).toMatchObject({ drivePhases: true, pushHint: true, stepReveal: true, assignCharacters: false, setCoHost: false, removePlayers: false });
    expect(capabilitiesOf(g.state, seatActor(PLAYER), g.storyline).drivePhases).toBe(false);
    // The same answer as decide: the player is refused as not the host, the co-host moves the phase.
    const advance = { type: 'advance_phase', fromPhase: 0 } as const;
    const refused = decide(g.state, advance, seatActor(PLAYER), g.storyline, g.now);
    expect(refused.ok ? null : refused.code).toBe(Refusal.NOT_HOST);
    expect(g.run(advance, seatActor(CO_HOST)).ok).toBe(true);
  });

  it('votes open with the phase that takes them; defences only for a driver in the final vote', () => {
    const g = started();
    const at = (actor: Actor) => capabilitiesOf(g.state, actor, g.storyline);
    expect(at(seatActor(PLAYER)).castSuspectBallot).toBe(false);
    g.run({ type: 'set_phase', phase: 5 }, hostActor);
    expect(g.state.game.currentPhase).toBe(5);
    expect(at(seatActor(PLAYER)).castSuspectBallot).toBe(true);
    expect(at(hostActor).castSuspectBallot).toBe(true);
    expect(at(admin).castSuspectBallot).toBe(false);
    expect(at(hostActor).runDefence).toBe(false);
    g.run({ type: 'set_phase', phase: 6 }, hostActor);
    expect(at(seatActor(PLAYER))).toMatchObject({ castSuspectBallot: false, castFinalVote: true, runDefence: false });
    expect(at(hostActor).runDefence).toBe(true);
  });

  it("each seat's own view carries its capabilities (the host's seat as the host)", () => {
    const g = started();
    expect(seatView(g.state, HOST_SEAT, g.storyline)?.capabilities).toEqual(capabilitiesOf(g.state, hostActor, g.storyline));
    expect(seatView(g.state, PLAYER, g.storyline)?.capabilities).toEqual(capabilitiesOf(g.state, seatActor(PLAYER), g.storyline));
  });
});
