import { describe, expect, it } from 'vitest';
import { extendedReply, replyJson, sharedReply } from './shared-replies.js';

describe('shared replies', () => {
  it('writes a shared answer once, however many times it is sent', () => {
    let writes = 0;
    const view = sharedReply({ version: 3, players: [{ id: 'a' }] }, () => {
      writes++;
      return JSON.stringify({ version: 3, players: [{ id: 'a' }] });
    });
    expect(replyJson(view)).toBe('{"version":3,"players":[{"id":"a"}]}');
    expect(replyJson(view)).toBe(replyJson(view));
    expect(writes).toBe(1);
  });

  it("writes a caller's extended answer as the spread would be, from the shared base's JSON", () => {
    let writes = 0;
    const base = { version: 3, players: [{ id: 'a' }], capabilities: ['old'] };
    const view = sharedReply(base, () => {
      writes++;
      return JSON.stringify(base);
    });
    const mine = extendedReply(view, { currentPlayer: { id: 'a', name: 'Ada' }, capabilities: ['vote'] });
    const theirs = extendedReply(view, { currentPlayer: null, capabilities: [] });
    expect(JSON.parse(replyJson(mine))).toEqual({ ...base, currentPlayer: { id: 'a', name: 'Ada' }, capabilities: ['vote'] });
    expect(JSON.parse(replyJson(theirs))).toEqual({ ...base, currentPlayer: null, capabilities: [] });
    expect(mine).toEqual({ ...base, currentPlayer: { id: 'a', name: 'Ada' }, capabilities: ['vote'] });
    expect(writes).toBe(1);
  });

  it('writes an empty base or an empty extension as plain JSON', () => {
    expect(replyJson(extendedReply(sharedReply({}), { a: 1 }))).toBe('{"a":1}');
    expect(replyJson(extendedReply(sharedReply({ a: 1 }), {}))).toBe('{"a":1}');
  });
});
