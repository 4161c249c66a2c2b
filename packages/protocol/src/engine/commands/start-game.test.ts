import { describe, expect, it } from 'vitest';
import { Refusal } from '../refusals.js';
import { KitGame, guest, hostActor, uuid } from '../test-kit.js';
import { publicView } from '../views.js';
import { startReadiness } from './start-game.js';

const refusal = (d: { ok: boolean; code?: string; message?: string }) => (d.ok ? null : { code: d.code, message: d.message });

describe('start_game refusals', () => {
  it('refuses below the storyline minimum, naming the minimum', () => {
    const g = new KitGame();
    g.run({ type: 'join', playerId: uuid(2), displayName: 'Ann' }, guest);
    g.state.players.forEach((p, i) => g.run({ type: 'assign_character', playerId: p.id, characterId: `c${i}` }, hostActor));
    expect(refusal(g.run({ type: 'start_game' }, hostActor))).toEqual({ code: Refusal.NOT_ENOUGH_PLAYERS, message: 'At least 4 players are needed to start.' });
  });

  it('refuses while seats lack a character, counting them', () => {
    const g = new KitGame();
    for (let i = 0; i < 4; i++) g.run({ type: 'join', playerId: uuid(2 + i), displayName: `P${i}` }, guest);
    g.run({ type: 'assign_character', playerId: uuid(2), characterId: 'c0' }, hostActor);
    expect(refusal(g.run({ type: 'start_game' }, hostActor))).toEqual({ code: Refusal.UNASSIGNED_PLAYERS, message: '4 player(s) need character assignments first.' });
  });

  it('refuses a second start', () => {
    const g = new KitGame();
    expect(g.seatAndStart(4).ok).toBe(true);
    expect(refusal(g.run({ type: 'start_game' }, hostActor))).toEqual({ code: Refusal.GAME_STARTED, message: 'This game has already started' });
  });

  it('the public view gives the host screen the same refusal the engine gives', () => {
    const g = new KitGame();
    for (let i = 0; i < 4; i++) g.run({ type: 'join', playerId: uuid(2 + i), displayName: `P${i}` }, guest);
    g.run({ type: 'assign_character', playerId: uuid(2), characterId: 'c0' }, hostActor);
    const onScreen = startReadiness(publicView(g.state, g.storyline));
    expect(onScreen).toMatchObject({ unassigned: 4, missingPlayers: 0 });
    expect(onScreen.refusal).toEqual(g.run({ type: 'start_game' }, hostActor));
    const small = new KitGame();
    small.run({ type: 'join', playerId: uuid(2), displayName: 'Ann' }, guest);
    expect(startReadiness(publicView(small.state, small.storyline))).toMatchObject({ missingPlayers: 2, refusal: { code: Refusal.NOT_ENOUGH_PLAYERS } });
    const ready = new KitGame();
    for (let i = 0; i < 3; i++) ready.run({ type: 'join', playerId: uuid(2 + i), displayName: `P${i}` }, guest);
    ready.state.players.forEach((p, i) => ready.run({ type: 'assign_character', playerId: p.id, characterId: `c${i}` }, hostActor));
    expect(startReadiness(publicView(ready.state, ready.storyline)).refusal).toBeNull();
    expect(ready.run({ type: 'start_game' }, hostActor).ok).toBe(true);
  });
});
