import { describe, expect, it } from 'vitest';
import { dayOfYear, formatReleaseDate, pickOfTheDay, ratingToTen } from './dates.js';

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

describe('day of the year (Platform of the Day, Featured Selection)', () => {
  it('counts from January 1 = 1, in UTC', () => {
    expect(dayOfYear(new Date('2025-01-01T00:00:00Z'))).toBe(1);
    expect(dayOfYear(new Date('2025-01-01T23:59:59.999Z'))).toBe(1);
    expect(dayOfYear(new Date('2025-02-01T12:00:00Z'))).toBe(32);
    expect(dayOfYear(new Date('2025-12-31T23:59:59Z'))).toBe(365);
  });

  it('knows leap years', () => {
    expect(dayOfYear(new Date('2024-03-01T00:00:00Z'))).toBe(61);
    expect(dayOfYear(new Date('2024-12-31T12:00:00Z'))).toBe(366);
  });

  it('ignores the local time zone: an instant has one UTC day', () => {
    // 23:30 on Jan 1 in New York is already Jan 2 in UTC.
    expect(dayOfYear(new Date('2025-01-01T23:30:00-05:00'))).toBe(2);
  });

  it('picks the item at day-of-year modulo the list length', () => {
    const list = ['snes', 'nes', 'n64'];
    expect(pickOfTheDay(list, new Date('2025-01-01T00:00:00Z'))).toBe('nes'); // 1 % 3
    expect(pickOfTheDay(list, new Date('2025-01-02T00:00:00Z'))).toBe('n64'); // 2 % 3
    expect(pickOfTheDay(list, new Date('2025-01-03T00:00:00Z'))).toBe('snes'); // 3 % 3
    expect(pickOfTheDay(['only'], new Date('2025-06-15T00:00:00Z'))).toBe('only');
  });

  it('picks nothing from an empty list', () => {
    expect(pickOfTheDay([], new Date('2025-01-01T00:00:00Z'))).toBeUndefined();
  });
});
