import { describe, expect, it } from 'vitest';
import { linkCode, withRoomCode } from './join-page.js';

describe('the join form from a shared link', () => {
  it('takes a room code from the link, upper-cased, and nothing else', () => {
    expect(linkCode('abc123')).toBe('ABC123');
    expect(linkCode(' AB C1 ')).toBe('ABC1');
    expect(linkCode('')).toBeNull();
    expect(linkCode('ABC1234')).toBeNull();
    expect(linkCode('"><script>')).toBeNull();
    expect(linkCode(['ABC123'])).toBeNull();
    expect(linkCode(undefined)).toBeNull();
  });

  it('fills only the room-code field', () => {
    const html =
      '<input id="n" name="displayName" value=""/><input id="c" name="roomCode" maxLength="6" value=""/>';
    expect(withRoomCode(html, 'ABC123')).toBe(
      '<input id="n" name="displayName" value=""/><input id="c" name="roomCode" maxLength="6" value="ABC123"/>',
    );
    expect(withRoomCode('<input name="roomCode" required/>', 'XY')).toBe(
      '<input name="roomCode" required value="XY"/>',
    );
  });
});
