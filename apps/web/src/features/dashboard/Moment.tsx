// Moments on the dashboard in the reader's time zone, US English (SPEC §9): "Nov 22, 2026", with the time in a tooltip.
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dayAndTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const full = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** A <time> for a unix-milliseconds moment; "—" for never. */
export function Moment({ at, withTime = false }: { at: number | null; withTime?: boolean }) {
  if (at === null) return <>—</>;
  const date = new Date(at);
  return (
    <time dateTime={date.toISOString()} title={full.format(date)}>
      {(withTime ? dayAndTime : day).format(date)}
    </time>
  );
}
