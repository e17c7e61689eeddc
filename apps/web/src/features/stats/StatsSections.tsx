import { STATS_DEFINITIONS, finishedSummary, type MemberStats } from '@vgl/shared/stats';
import { Link } from 'react-router';
import { starsLabel } from '../../components/RatingInput';
import { formatLongDay, formatMonth } from '../profile/dates';
import { Chart, Columns, HorizontalBars } from './StatsCharts';
import styles from './stats.module.css';

export const amount = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
export const hoursText = (hours: number) => amount(hours, 'hour', 'hours');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The big numbers: games played, beaten, abandoned, hours, sessions, the longest streak. */
export function StatTiles({ stats }: { stats: MemberStats }) {
  const { totals, longestStreak } = stats;
  const tiles: [string, string, string?][] = [
    [totals.played.toLocaleString('en-US'), totals.played === 1 ? 'Game played' : 'Games played'],
    [totals.beaten.toLocaleString('en-US'), 'Beaten'],
    [totals.abandoned.toLocaleString('en-US'), 'Abandoned'],
    [totals.hours.toLocaleString('en-US'), totals.hours === 1 ? 'Hour' : 'Hours'],
    [totals.sessions.toLocaleString('en-US'), totals.sessions === 1 ? 'Session' : 'Sessions'],
    [
      longestStreak.days.toLocaleString('en-US'),
      longestStreak.days === 1 ? 'Day in a row' : 'Days in a row',
      longestStreak.from && longestStreak.to && longestStreak.days > 1 ? `${formatLongDay(longestStreak.from)} – ${formatLongDay(longestStreak.to)}` : undefined,
    ],
    [totals.reviews.toLocaleString('en-US'), totals.reviews === 1 ? 'Review' : 'Reviews'],
  ];
  return (
    <dl className={styles.tiles}>
      {tiles.map(([value, label, note]) => (
        <div key={label} className={styles.tile}>
          <dt>{label}</dt>
          <dd>
            <span className={styles.tileValue}>{value}</span>
            {note && <span className={styles.tileNote}>{note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** "Finished 12 games · 14 plays (2 replays)": plays counted beside games (issue 38); nothing when nothing was finished. */
export function FinishedLine({ stats, className }: { stats: MemberStats; className: string | undefined }) {
  const text = finishedSummary(stats.totals);
  return text === null ? null : <p className={className}>{text}</p>;
}

/** Hours (or sessions, when no time was logged) month by month for a year, year by year for all time. */
export function TimelineChart({ stats }: { stats: MemberStats }) {
  const byMonth = stats.year !== null;
  const useHours = stats.totals.hours > 0;
  const points = stats.timeline;
  const name = (period: string) => (byMonth ? formatMonth(`${period}-01`) : period);
  const valueText = (p: (typeof points)[number]) => (useHours ? hoursText(p.hours) : amount(p.sessions, 'session', 'sessions'));
  const busiest = points.reduce<(typeof points)[number] | null>((top, p) => (top === null || (useHours ? p.hours > top.hours : p.sessions > top.sessions) ? p : top), null);
  const title = `${useHours ? 'Hours' : 'Sessions'} ${byMonth ? 'month by month' : 'year by year'}`;
  const hasData = points.some((p) => p.sessions > 0);
  return (
    <Chart
      title={title}
      summary={busiest && hasData ? `${title}: the most in ${name(busiest.period)}, ${valueText(busiest)}.` : `${title}: nothing logged.`}
      columns={[byMonth ? 'Month' : 'Year', 'Sessions', 'Hours']}
      rows={hasData ? points.map((p) => ({ key: p.period, head: name(p.period), cells: [p.sessions.toLocaleString('en-US'), p.hours.toLocaleString('en-US')] })) : []}
    >
      <Columns
        tall
        columns={points.map((p) => ({ key: p.period, value: useHours ? p.hours : p.sessions, title: `${name(p.period)}: ${valueText(p)}` }))}
        first={byMonth ? MONTHS[0] : points[0]?.period}
        last={byMonth ? MONTHS[11] : points.at(-1)?.period}
      />
    </Chart>
  );
}

export function PlatformChart({ stats }: { stats: MemberStats }) {
  // A group of no games is never shown (issue 38: "Not said: 0 games · 14.5 h"); the server sends none, older answers might.
  const rows = stats.byPlatform.filter((p) => p.games > 0);
  const top = rows[0];
  return (
    <Chart
      title="By platform"
      summary={top ? `Games by platform: the most on ${top.label}, ${amount(top.games, 'game', 'games')}.` : 'Games by platform: none.'}
      columns={['Platform', 'Games', 'Sessions', 'Hours']}
      rows={rows.map((p) => ({ key: p.key ?? 'none', head: p.label, cells: [p.games, p.sessions, p.hours].map((n) => n.toLocaleString('en-US')) }))}
    >
      <HorizontalBars
        bars={rows.map((p) => ({
          key: p.key ?? 'none',
          label: p.label,
          value: p.games,
          text: p.hours > 0 ? `${amount(p.games, 'game', 'games')} · ${p.hours.toLocaleString('en-US')} h` : amount(p.games, 'game', 'games'),
        }))}
      />
    </Chart>
  );
}

export function BucketChart({ title, heading, buckets }: { title: string; heading: string; buckets: MemberStats['byGenre'] }) {
  const top = [...buckets].sort((a, b) => b.games - a.games)[0];
  return (
    <Chart
      title={title}
      summary={top ? `${title}: the most in ${top.label}, ${amount(top.games, 'game', 'games')}.` : `${title}: none.`}
      columns={[heading, 'Games']}
      rows={buckets.map((b) => ({ key: b.key ?? 'none', head: b.label, cells: [b.games.toLocaleString('en-US')] }))}
    >
      <HorizontalBars bars={buckets.map((b) => ({ key: b.key ?? 'none', label: b.label, value: b.games, text: amount(b.games, 'game', 'games') }))} />
    </Chart>
  );
}

export function RatingsChart({ stats }: { stats: MemberStats }) {
  const total = stats.ratings.reduce((a, b) => a + b, 0);
  const mostIndex = stats.ratings.reduce((best, n, i, all) => (n > all[best]! ? i : best), 0);
  return (
    <Chart
      title="Ratings"
      summary={total > 0 ? `${amount(total, 'rated game', 'rated games')}; most often ${starsLabel(mostIndex + 1)}.` : 'No ratings.'}
      columns={['Rating', 'Games']}
      rows={total > 0 ? stats.ratings.map((n, i) => ({ key: String(i + 1), head: starsLabel(i + 1), cells: [n.toLocaleString('en-US')] })) : []}
      empty="No rated games."
    >
      <Columns
        columns={stats.ratings.map((n, i) => ({ key: String(i + 1), value: n, title: `${starsLabel(i + 1)}: ${amount(n, 'game', 'games')}` }))}
        first="½ ★"
        last="★★★★★"
      />
    </Chart>
  );
}

export function MostPlayedList({ stats }: { stats: MemberStats }) {
  const games = stats.mostPlayed;
  const headingId = 'most-played-heading';
  return (
    <section className={styles.chart} aria-labelledby={headingId}>
      <h3 id={headingId}>Most played</h3>
      {games.length === 0 ? (
        <p className={styles.empty}>No sessions logged.</p>
      ) : (
        <ol className={styles.mostPlayed}>
          {games.map(({ game, hours, sessions }) => (
            <li key={game.slug}>
              <Link to={`/games/${game.slug}`}>{game.name}</Link>
              <span>
                {hoursText(hours)} · {amount(sessions, 'session', 'sessions')}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Every breakdown of a period's stats, in the order both pages show them. */
export function StatsBreakdowns({ stats }: { stats: MemberStats }) {
  return (
    <div className={styles.grid}>
      <div className={styles.wide}>
        <TimelineChart stats={stats} />
      </div>
      <MostPlayedList stats={stats} />
      <PlatformChart stats={stats} />
      <BucketChart title="By genre" heading="Genre" buckets={stats.byGenre} />
      <BucketChart title="By release decade" heading="Decade" buckets={stats.byDecade} />
      <RatingsChart stats={stats} />
    </div>
  );
}

/** What each number counts, word for word as the API documents it. */
export function Definitions() {
  return (
    <details className={styles.definitions}>
      <summary>How these numbers are counted</summary>
      <ul>
        {Object.entries(STATS_DEFINITIONS).map(([key, text]) => (
          <li key={key}>{text}</li>
        ))}
      </ul>
    </details>
  );
}
