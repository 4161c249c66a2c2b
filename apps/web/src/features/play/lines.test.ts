import { describe, expect, it } from 'vitest';
import { toLines, toParagraphs } from './lines';

describe('toLines', () => {
  it('splits newline-separated instructions and drops blank lines', () => {
    expect(toLines('First\n\n  Second  \r\nThird\n')).toEqual(['First', 'Second', 'Third']);
  });
  it('answers no lines for blank text', () => {
    expect(toLines(' \n ')).toEqual([]);
  });
});

describe('toParagraphs', () => {
  it('splits on blank lines only', () => {
    expect(toParagraphs('a\nb\n\nc')).toEqual(['a\nb', 'c']);
  });
});
