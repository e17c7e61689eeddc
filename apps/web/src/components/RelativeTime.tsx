import { formatFullDateTime, formatRelative } from '../lib/relativeDate';

/**
 * "3 hours ago", the full date and time in its tooltip. `now` is when the
 * list was loaded, so every row of it counts from the same moment.
 */
export function RelativeTime({ at, now }: { at: number; now: number }) {
  return (
    <time dateTime={new Date(at).toISOString()} title={formatFullDateTime(at)}>
      {formatRelative(at, now)}
    </time>
  );
}
