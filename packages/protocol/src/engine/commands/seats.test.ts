import { describe, expect, it } from 'vitest';
import { Refusal } from '../refusals.js';
import { GAME_ID, KitGame, guest, hostActor, kitGameCreated, kitStoryline, seatActor, uuid } from '../test-kit.js';
import { publicView } from '../views.js';

const ANN = uuid(2);
const refused = (d: { ok: boolean; code?: string }) => (d.ok ? null : d.code);
const rejoin = (g: KitGame, extra: { pinHash?: string; requestId?: string; name?: string } = {}) =>
  g.run(
    {
      type: 'rejoin_seat',
      displayName: extra.name ?? 'ann',
      requestId: extra.requestId ?? uuid(900),
      claimHash: 'claim-hash',
      newPinHash: 'new-pin-hash',
      ...(extra.pinHash ? { pinHash: extra.pinHash } : {}),
    },
    guest,
  );

function lobby(testing = false) {
  const g = new KitGame(kitStoryline(), kitGameCreated({ testing }));
  g.run({ type: 'join', playerId: ANN, displayName: 'Ann', pinHash: 'pin-hash' }, guest);
  g.run({ type: 'join', playerId: uuid(3), displayName: 'Bob', pinHash: 'bob-pin' }, guest);
  return g;
}
const ann = (g: KitGame) => g.state.players.find((p) => p.id === ANN)!;

describe('rejoin by name', () => {
  it('only asks the host: a pending request, the seat stays where it is', () => {
    const g = lobby();
    const d = rejoin(g);
    expect(d.ok && d.events.map((e) => e.type)).toEqual(['rejoin_requested']);
    expect(ann(g).sessionVersion).toBe(1);
    expect(publicView(g.state, g.storyline).rejoinRequests).toEqual([{ requestId: uuid(900), playerId: ANN, requestedAt: g.now }]);
    // Nothing to collect before the host answers.
    const early = g.run({ type: 'claim_rejoin', requestId: uuid(900), claimHash: 'claim-hash', newPinHash: 'p2' }, guest);
    expect(early.ok && early.events).toEqual([]);
  });

  it('the host approves with one tap: the seat moves, the asking phone collects it once with its secret', () => {
    const g = lobby();
    rejoin(g);
    expect(g.run({ type: 'answer_rejoin', requestId: uuid(900), approve: true }, hostActor).ok).toBe(true);
    expect(ann(g).sessionVersion).toBe(2);
    expect(publicView(g.state, g.storyline).rejoinRequests).toEqual([]);
    expect(refused(g.run({ type: 'claim_rejoin', requestId: uuid(900), claimHash: 'someone-else', newPinHash: 'p2' }, guest))).toBe(Refusal.REQUEST_NOT_FOUND);
    const claim = g.run({ type: 'claim_rejoin', requestId: uuid(900), claimHash: 'claim-hash', newPinHash: 'p2' }, guest);
    expect(claim.ok && claim.events.map((e) => e.type)).toEqual(['rejoin_claimed', 'seat_pin_set']);
    expect(g.state.seatLocks?.[ANN]?.pinHash).toBe('p2');
    expect(refused(g.run({ type: 'claim_rejoin', requestId: uuid(900), claimHash: 'claim-hash', newPinHash: 'p3' }, guest))).toBe(Refusal.REQUEST_NOT_FOUND);
  });

  it('a refused request moves nothing; only host or co-host may answer', () => {
    const g = lobby();
    rejoin(g);
    expect(refused(g.run({ type: 'answer_rejoin', requestId: uuid(900), approve: true }, seatActor(uuid(3))))).toBe(Refusal.NOT_HOST);
    g.run({ type: 'answer_rejoin', requestId: uuid(900), approve: false }, hostActor);
    expect(ann(g).sessionVersion).toBe(1);
    expect(g.state.rejoinRequests?.[0]?.status).toBe('denied');
    g.run({ type: 'set_co_host', playerId: uuid(3) }, hostActor);
    rejoin(g, { requestId: uuid(901) });
    expect(g.run({ type: 'answer_rejoin', requestId: uuid(901), approve: true }, seatActor(uuid(3))).ok).toBe(true);
    expect(ann(g).sessionVersion).toBe(2);
  });

  it('the right PIN moves the seat at once; wrong ones are refused and never lock the owner out', () => {
    const g = lobby();
    expect(rejoin(g, { pinHash: 'pin-hash' }).ok).toBe(true);
    expect(ann(g).sessionVersion).toBe(2);
    const before = g.state;
    for (let i = 0; i < 20; i++) expect(refused(rejoin(g, { pinHash: 'wrong' }))).toBe(Refusal.WRONG_PIN);
    expect(g.state).toBe(before);
    expect(rejoin(g, { pinHash: 'pin-hash' }).ok).toBe(true);
    expect(ann(g).sessionVersion).toBe(3);
    // The host can let the seat back in too.
    rejoin(g, { requestId: uuid(902) });
    g.run({ type: 'answer_rejoin', requestId: uuid(902), approve: true }, hostActor);
    expect(ann(g).sessionVersion).toBe(4);
  });

  it('testing mode grants the seat directly with a new PIN; the host seat never rejoins by name', () => {
    const g = lobby(true);
    const d = rejoin(g);
    expect(d.ok && d.events.map((e) => e.type)).toEqual(['seat_moved', 'seat_pin_set']);
    expect(refused(rejoin(g, { name: 'Host' }))).toBe(Refusal.HOST_SEAT);
    expect(refused(rejoin(g, { name: 'Nobody' }))).toBe(Refusal.PLAYER_NOT_FOUND);
  });
});

describe('seat move codes', () => {
  it('move the seat once, before they expire, and only the host makes them', () => {
    const g = lobby();
    expect(refused(g.run({ type: 'issue_seat_move', playerId: ANN, ticketHash: 't', expiresAt: g.now + 60_000 }, seatActor(uuid(3))))).toBe(Refusal.NOT_HOST);
    g.run({ type: 'issue_seat_move', playerId: ANN, ticketHash: 't', expiresAt: g.now + 60_000 }, hostActor);
    expect(refused(g.run({ type: 'redeem_seat_move', ticketHash: 'guess', newPinHash: 'p' }, guest))).toBe(Refusal.SEAT_CODE_INVALID);
    expect(g.run({ type: 'redeem_seat_move', ticketHash: 't', newPinHash: 'p' }, guest).ok).toBe(true);
    expect(ann(g).sessionVersion).toBe(2);
    expect(refused(g.run({ type: 'redeem_seat_move', ticketHash: 't', newPinHash: 'p' }, guest))).toBe(Refusal.SEAT_CODE_INVALID);
    g.run({ type: 'issue_seat_move', playerId: ANN, ticketHash: 'late', expiresAt: g.now + 500 }, hostActor);
    expect(refused(g.run({ type: 'redeem_seat_move', ticketHash: 'late', newPinHash: 'p' }, guest))).toBe(Refusal.SEAT_CODE_INVALID);
  });

  it('no view carries a PIN, claim or code hash', () => {
    const g = lobby();
    rejoin(g);
    g.run({ type: 'issue_seat_move', playerId: ANN, ticketHash: 'ticket-hash', expiresAt: g.now + 60_000 }, hostActor);
    const wire = JSON.stringify(publicView(g.state, g.storyline));
    for (const secret of ['pin-hash', 'bob-pin', 'claim-hash', 'ticket-hash']) expect(wire).not.toContain(secret);
    expect(g.state.game.id).toBe(GAME_ID);
  });
});
