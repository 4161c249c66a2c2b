import { describe, expect, it } from 'vitest';
import { assignedSentence } from './assignedSentence';

describe('assignedSentence', () => {
  it('agrees with one player', () => {
    expect(assignedSentence(0, 1)).toBe('0 of 1 player has a character.');
  });
  it('agrees with several players', () => {
    expect(assignedSentence(2, 5)).toBe('2 of 5 players have a character.');
  });
});
