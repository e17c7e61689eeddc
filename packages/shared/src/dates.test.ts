import { describe, expect, it } from 'vitest';
import { formatReleaseDate, ratingToTen } from './dates.js';

describe('release dates (SPEC §9)', () => {
  it('formats long and short US English dates', () => {
    expect(formatReleaseDate(659_145_600)).toBe('November 21, 1990');
    expect(formatReleaseDate(659_145_600, null, 'short')).toBe('Nov 21, 1990');
  });

  it('falls back to the year, then to "TBA"', () => {
    expect(formatReleaseDate(null, 1991)).toBe('1991');
    expect(formatReleaseDate(null, null)).toBe('TBA');
    expect(formatReleaseDate(undefined)).toBe('TBA');
  });

  it('maps a 0–100 rating to 0–10', () => {
    expect(ratingToTen(87)).toBe(9);
    expect(ratingToTen(null)).toBeNull();
  });
});
