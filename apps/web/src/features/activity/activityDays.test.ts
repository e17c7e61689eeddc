import { describe, expect, it } from 'vitest';
import { groupByDay } from './activityDays';
import { anActivity } from './activityFixtures';

describe('feed days', () => {
  it('put consecutive items of one local day under one heading, newest first', () => {
    const now = new Date(2026, 10, 22, 15).getTime();
    const items = [
      anActivity({ id: 5, createdAt: new Date(2026, 10, 22, 14).getTime() }),
      anActivity({ id: 4, createdAt: new Date(2026, 10, 22, 0, 5).getTime() }),
      anActivity({ id: 3, createdAt: new Date(2026, 10, 21, 23, 55).getTime() }),
      anActivity({ id: 2, createdAt: new Date(2026, 10, 20, 10).getTime() }),
      anActivity({ id: 1, createdAt: new Date(2026, 10, 20, 9).getTime() }),
    ];
    expect(groupByDay(items, now).map((day) => [day.label, day.items.map((item) => item.id)])).toEqual([
      ['Today', [5, 4]],
      ['Yesterday', [3]],
      ['November 20, 2026', [2, 1]],
    ]);
  });

  it('is empty for an empty feed', () => {
    expect(groupByDay([], Date.now())).toEqual([]);
  });
});
