import { describe, expect, it } from 'vitest';
import { pdfSafe } from './report-pdf.js';
import { backoffMs, MAX_ATTEMPTS } from './report-queue.js';

describe('report helpers', () => {
  it('maps typography the built-in PDF fonts lack to plain characters', () => {
    expect(pdfSafe('“Quote” – it’s… done ✓')).toBe('"Quote" - it\'s... done ?');
    expect(pdfSafe('Café Noël')).toBe('Café Noël');
  });
  it('backs off exponentially and caps the wait', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([2000, 4000, 8000, 16000]);
    expect(backoffMs(30)).toBe(5 * 60 * 1000);
    expect(MAX_ATTEMPTS).toBe(5);
  });
});
