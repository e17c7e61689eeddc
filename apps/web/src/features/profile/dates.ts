const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A calendar day "2026-11-03" as a UTC date, so it never shifts with the viewer's time zone. */
const dayOf = (isoDay: string) => new Date(`${isoDay.slice(0, 10)}T00:00:00Z`);

/** "2026-11" or "2026-11-03" → "November 2026". */
export const formatMonth = (isoDay: string) => monthYear.format(dayOf(`${isoDay.slice(0, 7)}-01`));

/** "2026-11-03" → "Nov 3". */
export const formatShortDay = (isoDay: string) => shortDay.format(dayOf(isoDay));

/** "2026-11-03" → "November 3, 2026". */
export const formatLongDay = (isoDay: string) => longDay.format(dayOf(isoDay));

/** Unix milliseconds → "November 2026" (when someone joined). */
export const formatJoined = (unixMs: number) => monthYear.format(new Date(unixMs));
