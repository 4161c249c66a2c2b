import { describe, expect, it } from 'vitest';
import { ZDisplayName } from './auth.js';
import { findUnsafeText, isSafeText, mixesLookalikeScripts, nameKey, normaliseDisplayName } from './text.js';

describe('text hygiene', () => {
  // NUL bytes and lone surrogates are refused, paired surrogates (emoji) kept.
  it.each([
    ['Ann 🕵️', true],
    ['a\u0000b', false],
    ['\uD800', false],
    ['x\uDC00', false],
  ])('isSafeText(%j) is %s', (text, safe) => {
    expect(isSafeText(text)).toBe(safe);
  });

  it('finds unsafe text in keys and nested values', () => {
    expect(findUnsafeText({ a: [1, { b: 'ok' }, 'bad\u0000'] })).not.toBeNull();
    expect(findUnsafeText({ ['k\uD83D']: 1 })).not.toBeNull();
    expect(findUnsafeText({ a: ['fine', { b: 'ok' }] })).toBeNull();
  });

  it('normalises invisible characters, widths and spaces out of names', () => {
    expect(normaliseDisplayName('  A\u200Bn\u200Dn  ')).toBe('Ann');
    expect(normaliseDisplayName('Ａｎｎ')).toBe('Ann');
    expect(normaliseDisplayName('Ann   Lee')).toBe('Ann Lee');
    expect(ZDisplayName.parse('\u200BAnn\uFEFF')).toBe('Ann');
    expect(ZDisplayName.safeParse('\u200B\u200B').success).toBe(false);
  });

  it('refuses names that mix look-alike alphabets, accepts one alphabet', () => {
    expect(mixesLookalikeScripts('Pаul')).toBe(true); // Cyrillic а inside Latin
    expect(ZDisplayName.safeParse('Pаul').success).toBe(false);
    expect(ZDisplayName.safeParse('Вова').success).toBe(true);
    expect(ZDisplayName.safeParse('Zoë 2').success).toBe(true);
    expect(ZDisplayName.safeParse('山田 Taro').success).toBe(true);
  });

  it('gives look-alike names the same key', () => {
    expect(nameKey('ANNA')).toBe(nameKey('anna'));
    expect(nameKey('Ａnna')).toBe(nameKey('Anna'));
    expect(nameKey('Сора')).toBe(nameKey('copa')); // all Cyrillic
    expect(nameKey('Iris')).toBe(nameKey('lris'));
    expect(nameKey('Ann')).not.toBe(nameKey('Anne'));
  });
});
