import { describe, expect, it } from 'vitest';
import { Refusal } from '../refusals.js';
import { HOST_SEAT, KitGame, guest, hostActor, kitGameCreated, kitStoryline, seatActor, uuid } from '../test-kit.js';
import { publicView } from '../views.js';

const refused = (d: { ok: boolean; code?: string }) => (d.ok ? null : d.code);

function seated(n: number, characterLimit = 10) {
  const g = new KitGame(kitStoryline(), kitGameCreated({ characterLimit }));
  for (let i = 0; i < n; i++) g.run({ type: 'join', playerId: uuid(2 + i), displayName: `P${i}` }, guest);
  return g;
}

describe('deal at random', () => {
  it('gives every seat a character, essential characters first, within the tier limit, then the host adjusts', () => {
    const g = seated(5);
    g.run({ type: 'assign_character', playerId: HOST_SEAT, characterId: 'c7' }, hostActor);
    const d = g.run({ type: 'deal_cast', seed: 'seed-1' }, hostActor);
    expect(d.ok).toBe(true);
    const held = g.state.players.map((p) => p.characterId);
    expect(held.every(Boolean)).toBe(true);
    expect(new Set(held).size).toBe(6);
    // c0 (killer) and c1 (detective) lead the cast order, so a deal always puts them in play.
    expect(held).toEqual(expect.arrayContaining(['c0', 'c1', 'c2', 'c3', 'c4', 'c7']));
    expect(g.run({ type: 'start_game' }, hostActor).ok).toBe(true);
  });

  it('is decided once: the event records the result, and another seed deals differently', () => {
    const a = seated(8);
    const b = seated(8);
    a.run({ type: 'deal_cast', seed: 'one' }, hostActor);
    b.run({ type: 'deal_cast', seed: 'two' }, hostActor);
    const dealt = a.log.at(-1)!.event;
    expect(dealt.type).toBe('cast_dealt');
    const seats = (g: KitGame) => g.state.players.map((p) => p.characterId).join();
    expect(seats(a)).not.toBe(seats(b));
    expect(publicView(a.state, a.storyline).players.every((p) => p.character !== null)).toBe(true);
  });

  it('refuses more seats than free characters, a started game and anyone but the host', () => {
    // A storyline with fewer characters than the game has seats.
    const g = new KitGame(kitStoryline(3), kitGameCreated({ characterLimit: 4 }));
    for (let i = 0; i < 3; i++) g.run({ type: 'join', playerId: uuid(2 + i), displayName: `P${i}` }, guest);
    expect(refused(g.run({ type: 'deal_cast', seed: 's' }, hostActor))).toBe(Refusal.NO_FREE_CHARACTERS);
    expect(refused(g.run({ type: 'deal_cast', seed: 's' }, seatActor(uuid(2))))).toBe(Refusal.NOT_HOST);
    const h = new KitGame();
    h.seatAndStart(4);
    expect(refused(h.run({ type: 'deal_cast', seed: 's' }, hostActor))).toBe(Refusal.GAME_STARTED);
  });
});

describe('co-host', () => {
  it('is named by the host, shown to everyone, and may drive phases and defences', () => {
    const g = new KitGame();
    g.seatAndStart(5);
    const co = uuid(3);
    expect(refused(g.run({ type: 'advance_phase', fromPhase: 0 }, seatActor(co)))).toBe(Refusal.NOT_HOST);
    expect(refused(g.run({ type: 'set_co_host', playerId: co }, seatActor(co)))).toBe(Refusal.NOT_HOST);
    expect(refused(g.run({ type: 'set_co_host', playerId: HOST_SEAT }, hostActor))).toBe(Refusal.HOST_SEAT);
    g.run({ type: 'set_co_host', playerId: co }, hostActor);
    expect(publicView(g.state, g.storyline).coHostPlayerId).toBe(co);
    expect(g.run({ type: 'advance_phase', fromPhase: 0 }, seatActor(co)).ok).toBe(true);
    expect(g.state.game.currentPhase).toBe(1);
    // Other seats still may not, and the co-host may not run host-only commands.
    expect(refused(g.run({ type: 'advance_phase', fromPhase: 1 }, seatActor(uuid(4))))).toBe(Refusal.NOT_HOST);
    expect(refused(g.run({ type: 'set_leader', playerId: co }, seatActor(co)))).toBe(Refusal.NOT_HOST);
    g.run({ type: 'set_phase', phase: 5 }, seatActor(co));
    for (const voter of [uuid(4), uuid(5), uuid(6)]) {
      g.run({ type: 'cast_suspect_ballot', suspects: [uuid(2), co, HOST_SEAT].filter((x) => x !== voter) }, seatActor(voter));
    }
    g.run({ type: 'set_phase', phase: 6, fromPhase: 5 }, seatActor(co));
    const top = g.state.suspectVoting.topSuspects?.[0]?.playerId;
    expect(top).toBeDefined();
    expect(g.run({ type: 'start_defence', suspectPlayerId: top! }, seatActor(co)).ok).toBe(true);
    expect(g.state.defence?.suspectPlayerId).toBe(top);
    expect(g.run({ type: 'stop_defence' }, seatActor(co)).ok).toBe(true);
    expect(g.state.defence).toBeNull();
    // Taking the role back.
    g.run({ type: 'set_co_host', playerId: null }, hostActor);
    expect(refused(g.run({ type: 'start_defence', suspectPlayerId: top! }, seatActor(co)))).toBe(Refusal.NOT_HOST);
  });
});
