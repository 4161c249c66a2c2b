import { describe, expect, it } from 'vitest';
import { passwordStrength } from '@ss/protocol';
import { strengthTone } from './PasswordStrength';

describe('password strength bar', () => {
  it('is green at 5, yellow at 3 or 4, red below', () => {
    expect(strengthTone(passwordStrength('Abcdef1!'))).toBe('green');
    expect(strengthTone(passwordStrength('Abcdefgh1'))).toBe('yellow'); // length, upper, lower, digit
    expect(strengthTone(passwordStrength('abcdefgh1'))).toBe('yellow'); // 3 rules
    expect(strengthTone(passwordStrength('abc'))).toBe('red');
    expect(strengthTone(0)).toBe('red');
  });
});
