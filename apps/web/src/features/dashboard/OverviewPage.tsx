import { ADMIN_LIMITS, type AdminCounts } from '@vgl/shared';
import { Link, useSearchParams } from 'react-router';
import { Pagination } from '../../components/Pagination';
import { usePageMeta } from '../../lib/pageMeta';
import { OpenReportsNotice } from '../reports/ReportsQueuePage';
import { AuditTable } from './AuditTable';
import { DailyBarChart } from './DailyBarChart';
import { FailedMailTable } from './FailedMailTable';
import { useAuditLog, useOverview } from './dashboardApi';
import { ListStatus } from './ListControls';
import styles from './dashboard.module.css';

const COUNT_LABELS: [keyof AdminCounts, string][] = [
  ['users', 'Users'],
  ['activeUsersWeek', 'Active this week'],
  ['gamesLogged', 'Games logged'],
  ['reviews', 'Reviews'],
  ['comments', 'Comments'],
];

/** The page of the full audit log is "?audit=N" on the overview; without it the overview shows. */
const AUDIT_PARAM = 'audit';

/** /dashboard: counts, the last 30 days of sign-ups and reviews, mail that could not be sent (when any), the latest moderation; "?audit=N" pages the whole log. */
export function OverviewPage() {
  const [params] = useSearchParams();
  if (!params.has(AUDIT_PARAM)) return <Overview />;
  const page = Number(params.get(AUDIT_PARAM));
  return <AuditLogPage page={Number.isInteger(page) && page >= 1 ? page : 1} />;
}

function Overview() {
  usePageMeta({ title: 'Dashboard' });
  const overview = useOverview();
  const data = overview.data;
  if (!data) return <ListStatus what="overview" error={overview.error} count={null} />;
  return (
    <>
      <section className={styles.section} aria-labelledby="dashboard-counts">
        <h2 id="dashboard-counts" className={styles.visuallyHidden}>
          Counts
        </h2>
        <ul className={styles.cards}>
          {COUNT_LABELS.map(([key, label]) => (
            <li key={key}>
              <span className={styles.cardValue}>{data.counts[key].toLocaleString('en-US')}</span>
              <span className={styles.cardLabel}>{label}</span>
            </li>
          ))}
        </ul>
        <OpenReportsNotice className={styles.openReports} />
      </section>
      <section className={styles.section} aria-labelledby="dashboard-charts">
        <h2 id="dashboard-charts">Last {ADMIN_LIMITS.seriesDays} days</h2>
        <div className={styles.charts}>
          <DailyBarChart title="Sign-ups per day" days={data.signups} unit={['sign-up', 'sign-ups']} />
          <DailyBarChart title="Reviews per day" days={data.reviews} unit={['review', 'reviews']} />
        </div>
      </section>
      {data.failedMail.total > 0 && (
        <section className={styles.section} aria-labelledby="dashboard-failed-mail">
          <h2 id="dashboard-failed-mail">Mail that could not be sent ({data.failedMail.total.toLocaleString('en-US')})</h2>
          <FailedMailTable mails={data.failedMail.latest} total={data.failedMail.total} />
        </section>
      )}
      <section className={styles.section} aria-labelledby="dashboard-audit">
        <div className={styles.sectionHead}>
          <h2 id="dashboard-audit">Latest moderation</h2>
          <Link to={`?${AUDIT_PARAM}=1`}>Full audit log</Link>
        </div>
        <AuditTable entries={data.audit} caption="Latest moderation" />
      </section>
    </>
  );
}

function AuditLogPage({ page }: { page: number }) {
  usePageMeta({ title: 'Audit log | Dashboard' });
  const audit = useAuditLog(page);
  const data = audit.data;
  return (
    <section className={styles.section} aria-labelledby="dashboard-audit-log" id="audit-log">
      <div className={styles.sectionHead}>
        <h2 id="dashboard-audit-log">Audit log</h2>
        <Link to=".">Back to the overview</Link>
      </div>
      {data ? (
        <>
          <AuditTable entries={data.items} caption="Audit log" />
          <Pagination page={page} total={data.total} perPage={ADMIN_LIMITS.perPage} param={AUDIT_PARAM} label="Pages of the audit log" />
        </>
      ) : (
        <ListStatus what="audit log" error={audit.error} count={null} />
      )}
    </section>
  );
}
