/**
 * Dates of social events (feed items, notifications) in the reader's own
 * time zone, in US English (SPEC §9): "2 hours ago" while recent, then a short
 * date; day headings "Today", "Yesterday", "November 20, 2026".
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'always' });
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const shortDateWithYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
const fullDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** The local calendar day of a moment, "2026-11-03", to group by. */
export function localDayKey(unixMs: number): string {
  const d = new Date(unixMs);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** "just now", "5 minutes ago", "2 hours ago" within a day; then "Nov 22" ("Nov 22, 2025" in another year). */
export function formatRelative(unixMs: number, now: number): string {
  const ago = now - unixMs;
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), 'hour');
  const sameYear = new Date(unixMs).getFullYear() === new Date(now).getFullYear();
  return (sameYear ? shortDate : shortDateWithYear).format(unixMs);
}

/** "Today", "Yesterday" or "November 20, 2026", by the reader's calendar. */
export function dayHeading(unixMs: number, now: number): string {
  const today = new Date(now);
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  const key = localDayKey(unixMs);
  if (key === localDayKey(now)) return 'Today';
  if (key === localDayKey(yesterday.getTime())) return 'Yesterday';
  return longDate.format(unixMs);
}

/** "November 22, 2026 at 3:04 PM", for a tooltip next to a relative date. */
export const formatFullDateTime = (unixMs: number) => fullDateTime.format(unixMs);
