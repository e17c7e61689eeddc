import { yearInReviewPath } from '@vgl/shared/stats';
import { Link, useSearchParams } from 'react-router';
import { usePageMeta } from '../../lib/pageMeta';
import { parseYear } from '../profile/DiaryFiltersForm';
import { useUsernameParam } from '../profile/profilePaths';
import { useDisplayName } from '../profile/useDisplayName';
import { Definitions, FinishedLine, StatTiles, StatsBreakdowns } from './StatsSections';
import { useMemberStats } from './statsApi';
import common from '../profile/profile.module.css';
import styles from './stats.module.css';

/**
 * /u/{username}/stats?year=: a member's numbers for all time or one year
 * (the picker lists the years their diary holds), each chart with its table.
 */
export function StatsPage() {
  const username = useUsernameParam();
  const [params, setParams] = useSearchParams();
  const year = parseYear(params.get('year'));
  const stats = useMemberStats(username, year);
  const displayName = useDisplayName(username);
  usePageMeta({ title: `${displayName}'s Stats`, description: `${displayName}'s games, hours and sessions${year ? ` in ${year}` : ''} on VGL.` });

  const years = [...(stats.data?.years ?? [])];
  if (year !== undefined && !years.includes(year)) years.push(year);
  years.sort((a, b) => b - a);
  const pick = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('year', value);
        else next.delete('year');
        return next;
      },
      { replace: true },
    );

  const data = stats.data;
  const nothing = data !== undefined && data.totals.played === 0 && data.totals.sessions === 0 && data.totals.reviews === 0;
  return (
    <section aria-labelledby="stats-heading" className={styles.page}>
      <div className={styles.toolbar}>
        <h2 id="stats-heading">{year ? `Stats for ${year}` : 'Stats, all time'}</h2>
        <form className={styles.picker} onSubmit={(e) => e.preventDefault()} aria-label="Choose a year">
          <label htmlFor="stats-year">Period</label>
          <select id="stats-year" value={year ?? ''} onChange={(e) => pick(e.target.value)}>
            <option value="">All time</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </form>
        {year !== undefined && (
          <Link className={styles.reviewLink} to={yearInReviewPath(username, year)}>
            {year} in review
          </Link>
        )}
      </div>
      {stats.isError ? (
        <p className={common.status} role="alert">
          The stats could not be loaded. Please try again.
        </p>
      ) : !data ? (
        <p className={common.status}>Loading the stats…</p>
      ) : (
        <div aria-busy={stats.isPlaceholderData} className={stats.isPlaceholderData ? styles.stale : undefined}>
          {nothing && <p className={common.empty}>{year ? `Nothing logged in ${year}.` : 'Nothing logged yet.'}</p>}
          <StatTiles stats={data} />
          <FinishedLine stats={data} className={styles.finishedLine} />
          <StatsBreakdowns stats={data} />
          <Definitions />
        </div>
      )}
    </section>
  );
}
