import { describe, expect, it } from 'vitest';
import { dayHeading, formatRelative } from './relativeDate';

// Local times: the reader's calendar decides what "today" is.
const now = new Date(2026, 10, 22, 15, 0).getTime();
const at = (month: number, day: number, hour: number, year = 2026) => new Date(year, month, day, hour).getTime();

describe('social dates', () => {
  it('are relative within a day, then a short US date', () => {
    expect(formatRelative(now - 30_000, now)).toBe('just now');
    expect(formatRelative(now - 60_000, now)).toBe('1 minute ago');
    expect(formatRelative(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(formatRelative(now - 2 * 3600_000, now)).toBe('2 hours ago');
    expect(formatRelative(at(10, 20, 10), now)).toBe('Nov 20');
    expect(formatRelative(at(10, 20, 10, 2025), now)).toBe('Nov 20, 2025');
    // A clock a little ahead of ours still reads as now.
    expect(formatRelative(now + 5_000, now)).toBe('just now');
  });

  it('head days as Today, Yesterday, then the long date', () => {
    expect(dayHeading(at(10, 22, 0), now)).toBe('Today');
    expect(dayHeading(at(10, 21, 23), now)).toBe('Yesterday');
    expect(dayHeading(at(10, 21, 0), now)).toBe('Yesterday');
    expect(dayHeading(at(10, 20, 23), now)).toBe('November 20, 2026');
    expect(dayHeading(at(11, 31, 12, 2025), new Date(2026, 0, 1, 9).getTime())).toBe('Yesterday');
  });
});
