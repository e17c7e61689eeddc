import type { ActivityItem } from '@vgl/shared';
import { dayHeading, localDayKey } from '../../lib/relativeDate';

export interface ActivityDay {
  /** "2026-11-20", the reader's local day. */
  key: string;
  /** "Today", "Yesterday", "November 20, 2026". */
  label: string;
  items: ActivityItem[];
}

/** Consecutive items of the same local day under one heading, in the order given (newest first from the API). */
export function groupByDay(items: ActivityItem[], now: number): ActivityDay[] {
  const days: ActivityDay[] = [];
  for (const item of items) {
    const key = localDayKey(item.createdAt);
    const last = days.at(-1);
    if (last?.key === key) last.items.push(item);
    else days.push({ key, label: dayHeading(item.createdAt, now), items: [item] });
  }
  return days;
}
