import { describe, expect, it } from 'vitest';
import { COMMAND_TABLE, bodySchema, pathParams, socketSchema, takesCommandId } from './command-table.js';
import { COMMANDS } from './engine/commands/index.js';

const entries = Object.values(COMMAND_TABLE);

describe('the command table', () => {
  it('covers every engine command a signed-in caller may send, and only engine commands', () => {
    const callerCommands = Object.values(COMMANDS)
      .filter((c) => c.who.some((w) => w === 'host' || w === 'driver' || w === 'seat'))
      .map((c) => c.type);
    const covered = new Set(entries.flatMap((e) => e.commands));
    // note_host_presence is the server's; the seat-facing commands all have an entry.
    expect(callerCommands.filter((c) => !covered.has(c))).toEqual([]);
    for (const c of covered) expect(COMMANDS[c], c).toBeDefined();
  });

  it('gives each entry its own route and socket event', () => {
    const routes = entries.map((e) => `${e.rest.method} ${e.rest.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    const events = entries.flatMap((e) => (e.socket ? [e.socket] : []));
    expect(new Set(events).size).toBe(events.length);
  });

  it('takes path parameters from the input, the rest from the body; the socket payload adds the game id', () => {
    const seat = COMMAND_TABLE.seat_late_arrival;
    expect(pathParams(seat)).toEqual(['arrivalId']);
    const arrivalId = '6f9619ff-8b86-4011-b42d-00cf4fc964ff';
    const gameId = '7f9619ff-8b86-4011-b42d-00cf4fc964ff';
    expect(bodySchema(seat).parse({ characterId: 'c1', arrivalId })).toEqual({ characterId: 'c1' });
    expect(socketSchema(seat).parse({ gameId, arrivalId, characterId: 'c1' })).toEqual({ gameId, arrivalId, characterId: 'c1' });
    expect(socketSchema(COMMAND_TABLE.patch_game).safeParse({ gameId, action: 'start' }).success).toBe(true);
    expect(socketSchema(COMMAND_TABLE.patch_game).safeParse({ action: 'start' }).success).toBe(false);
  });

  it('knows which inputs carry a command id (every one but delete, remove, the seat-move code and the daily vote)', () => {
    const without = Object.entries(COMMAND_TABLE).filter(([, e]) => !takesCommandId(e)).map(([n]) => n);
    expect(without.sort()).toEqual(['cast_daily_vote', 'delete_game', 'issue_seat_move', 'remove_player']);
  });

  it('builds the engine command the entry names, with the values only the server draws', () => {
    const draw = { uuid: () => 'u-1', now: () => 1000, secret: () => ({ value: 'v', hash: 'h' }) };
    const gameId = 'g';
    expect(COMMAND_TABLE.deal_cast.build({ gameId }, draw).command).toEqual({ type: 'deal_cast', seed: 'u-1' });
    const move = COMMAND_TABLE.issue_seat_move.build({ gameId, playerId: 'p' }, draw);
    expect(move.command).toMatchObject({ type: 'issue_seat_move', playerId: 'p', ticketHash: 'h' });
    expect(move.reply).toMatchObject({ playerId: 'p', ticket: 'v', path: '/move-seat#g=g&t=v' });
    for (const e of entries) {
      for (const c of e.commands) expect(COMMANDS[c].who.length).toBeGreaterThan(0);
    }
  });
});
