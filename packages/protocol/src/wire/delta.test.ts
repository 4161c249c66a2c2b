import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPatch, diff } from '../engine/patch.js';
import { HOST_SEAT, KitGame, hostActor, seatActor } from '../engine/test-kit.js';
import { publicView, seatView } from '../engine/views.js';
import { VIEW_KEYS } from './codes.js';
import { decodeRoomDelta, decodeSeatDelta, deltaFrom, encodeRoomDelta, encodeSeatDelta, encodeTime, restoreTime, WireError } from './delta.js';

const PLAYER_IDS = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'];
const players = PLAYER_IDS.map((id) => ({ id }));

// Keys with and without a code, and ones that look like the wire's own markers.
const key = fc.oneof(fc.constantFrom(...VIEW_KEYS), fc.constantFrom('~x', '~~', '3', 'a.b', 'a', 'zz', '__x'), fc.string({ maxLength: 4 }));
const leaf = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.constantFrom(...PLAYER_IDS, '~1', '~~', '~', 'plain'), fc.string({ maxLength: 6 }));
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(key, tie('value'), { maxKeys: 5 }),
})).object;

describe('compact deltas', () => {
  it('a room delta decodes to the same patch: applying it gives the same view (random views)', () => {
    fc.assert(
      fc.property(json, json, fc.nat(1000), fc.nat(3), (a, b, from, step) => {
        const to = from + step;
        const after = { ...b, version: to };
        const ops = diff({ ...a, version: from }, after);
        const wire = JSON.parse(JSON.stringify(encodeRoomDelta({ from, to, events: ['suspect_ballot_cast', 'made_up'], ops, serverTime: 1_700_000_123_456 }, players)));
        const d = decodeRoomDelta(wire, players, 1_700_000_120_000);
        expect(d).toMatchObject({ from, to, events: ['suspect_ballot_cast', 'made_up'], serverTime: 1_700_000_123_500 });
        expect(applyPatch({ ...a, version: from }, d.ops)).toEqual(after);
      }),
      { numRuns: 400 },
    );
  });

  it('a seat delta decodes to the same patch (random views)', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        const wire = JSON.parse(JSON.stringify(encodeSeatDelta({ from: 4, to: 6, ops: diff(a, b) })));
        const d = decodeSeatDelta(wire);
        expect(d).toMatchObject({ from: 4, to: 6 });
        expect(applyPatch(a, d.ops)).toEqual(b);
      }),
      { numRuns: 400 },
    );
  });

  it('a whole game, command by command: every public and seat delta applies as the plain patch did', () => {
    const g = new KitGame();
    g.seatAndStart(9);
    const storyline = g.storyline;
    const seats = g.state.players.map((p) => p.id);
    const steps: { command: Parameters<KitGame['run']>[0]; actor: Parameters<KitGame['run']>[1] }[] = [{ command: { type: 'set_phase', phase: 5 }, actor: hostActor }];
    seats.forEach((id, i) => steps.push({ command: { type: 'cast_suspect_ballot', suspects: [1, 2, 3].map((k) => seats[(i + k) % seats.length] as string) }, actor: seatActor(id) }));
    steps.push({ command: { type: 'advance_phase', fromPhase: 5 }, actor: hostActor });
    // The final vote: every seat that kept its vote names the first of the top 3 (known once the ballots are in).
    const finalVotes = () =>
      g.state.players.filter((p) => !p.voteLost).map((p) => ({ command: { type: 'cast_final_vote' as const, suspectId: g.state.suspectVoting.topSuspects?.[0]?.playerId ?? '' }, actor: seatActor(p.id) }));
    let phone = publicView(g.state, storyline);
    const mine = new Map(seats.map((id) => [id, seatView(g.state, id, storyline)]));
    const sizes: number[] = [];
    const play = ({ command, actor }: (typeof steps)[number]) => {
      const before = g.state;
      const beforeView = publicView(before, storyline);
      const decision = g.run(command, actor);
      expect(decision.ok ? command.type : [command.type, decision]).toBe(command.type);
      const afterView = publicView(g.state, storyline);
      const wire = encodeRoomDelta({ from: before.version, to: g.state.version, events: ['x'], ops: diff(beforeView, afterView), serverTime: Date.now() }, beforeView.players);
      const text = JSON.stringify(wire);
      if (command.type === 'cast_suspect_ballot') sizes.push(text.length);
      phone = applyPatch(phone, decodeRoomDelta(JSON.parse(text), phone.players, Date.now()).ops);
      expect(phone).toEqual(afterView);
      for (const id of seats) {
        const next = seatView(g.state, id, storyline);
        const d = decodeSeatDelta(JSON.parse(JSON.stringify(encodeSeatDelta({ from: before.version, to: g.state.version, ops: diff(seatView(before, id, storyline), next) }))));
        mine.set(id, applyPatch(mine.get(id) ?? null, d.ops));
        expect(mine.get(id)).toEqual(next);
      }
    };
    steps.forEach(play);
    finalVotes().forEach(play);
    expect(g.state.game.status).toBe('completed');
    // A ballot that does not reveal: from, step, time, event, and the one counter that moved.
    expect(Math.max(...sizes.slice(0, -1))).toBeLessThanOrEqual(22);
    expect(HOST_SEAT).toBe(seats[0]);
  });

  it('names a player by position only in the view both ends hold; other strings starting with ~ are escaped', () => {
    const wire = encodeRoomDelta({ from: 1, to: 2, events: [], ops: [[['topSuspects'], [PLAYER_IDS[2], '~2', 'x']]], serverTime: 0 }, players);
    expect(wire).toEqual([1, 0, [], 'f', ['~2', '~~2', 'x']]);
    expect(decodeRoomDelta(wire, players, 0).ops[0]).toEqual([['topSuspects'], [PLAYER_IDS[2], '~2', 'x']]);
    // A phone whose view lacks that player (it is not at `from`) cannot read the delta: it must resync.
    expect(() => decodeRoomDelta(wire, [], 0)).toThrow(WireError);
  });

  it('gives no ops to a phone that is not at `from` (it asks for what it missed), and refuses malformed frames', () => {
    const wire = encodeRoomDelta({ from: 7, to: 8, events: ['suspect_ballot_cast'], ops: [[['suspectVoting', 'submittedCount'], 3]], serverTime: 449 }, players);
    expect(wire).toEqual([7, 4, 0, 'b.c', 3]);
    expect(decodeRoomDelta(wire, null, 0)).toEqual({ from: 7, to: 8, events: ['suspect_ballot_cast'], ops: [], serverTime: 400 });
    expect(() => decodeRoomDelta({}, players, 0)).toThrow(WireError);
    expect(() => decodeRoomDelta([1, 0, 999], players, 0)).toThrow(WireError);
    expect(() => decodeRoomDelta([1, 0, 0, 'b.c'], players, 0)).toThrow(WireError);
    expect(() => decodeRoomDelta([1, 0, 0, '??', 1], players, 0)).toThrow(WireError);
    expect(() => decodeRoomDelta([[1], 0, 0], players, 0)).toThrow(WireError);
    expect(() => decodeSeatDelta(['x'])).toThrow(WireError);
    expect([deltaFrom([7, 0, 0]), deltaFrom([[7, 2], 0, 0]), deltaFrom({})]).toEqual([7, 7, null]);
  });

  it('restores the server time to the tenth of a second within 32 s of the phone’s estimate, across the window boundary', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 }), fc.integer({ min: -31_900, max: 31_900 }), (t, skew) => {
        const time = encodeTime(t);
        expect(time).toBeLessThan(640);
        expect(restoreTime(time, t + skew)).toBe(Math.round(t / 100) * 100);
      }),
    );
  });
});
