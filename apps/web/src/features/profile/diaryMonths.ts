import type { DiaryEntry, DiaryEvent } from '@vgl/shared';
import { formatMonth } from './dates';

export interface DiaryMonth {
  /** "2026-11" */
  key: string;
  /** "November 2026" */
  label: string;
  entries: DiaryEntry[];
}

export const DIARY_EVENT_LABELS: Record<DiaryEvent, string> = {
  started: 'Started',
  finished: 'Finished',
  played: 'Played',
};

/** Consecutive entries of the same month under one heading, in the order given (newest first from the API). */
export function groupByMonth(entries: DiaryEntry[]): DiaryMonth[] {
  const months: DiaryMonth[] = [];
  for (const entry of entries) {
    const key = entry.playedOn.slice(0, 7);
    const last = months.at(-1);
    if (last?.key === key) last.entries.push(entry);
    else months.push({ key, label: formatMonth(key), entries: [entry] });
  }
  return months;
}

/** "1 hour", "12.5 hours". */
export const formatHours = (hours: number) => `${hours.toLocaleString('en-US')} ${hours === 1 ? 'hour' : 'hours'}`;
