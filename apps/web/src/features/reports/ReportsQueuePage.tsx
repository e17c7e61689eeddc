import { APP_ROUTES, REPORT_LIMITS, REPORT_REASON_LABELS, reportTargetNoun, type ReportGroup } from '@vgl/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { Pagination } from '../../components/Pagination';
import { usePageMeta } from '../../lib/pageMeta';
import { usePageParam } from '../catalog/usePageParam';
import { ListStatus } from '../dashboard/ListControls';
import { Moment } from '../dashboard/Moment';
import { askForReason, ReasonDialog } from '../dashboard/ReasonDialog';
import { profilePath } from '../profile/profilePaths';
import { useReportQueue, useResolveReport } from './reportsApi';
import dashboard from '../dashboard/dashboard.module.css';
import item from '../dashboard/ModeratedItem.module.css';
import styles from './reports.module.css';

type Asking = { group: ReportGroup; action: 'hide' | 'suspend' };

/**
 * /dashboard/reports: what members reported, one entry per target, the
 * longest waiting first, with its context, the reporters and their reasons
 * and the author's record. Hide or Suspend ask for a note the author reads;
 * Dismiss closes the reports as they are. Every reporter is told the outcome.
 */
export function ReportsQueuePage() {
  usePageMeta({ title: 'Reports | Dashboard' });
  const headingId = useId();
  const page = usePageParam();
  const queue = useReportQueue(page);
  const resolve = useResolveReport();
  const [asking, setAsking] = useState<Asking | null>(null);
  const data = queue.data;

  const ask = (group: ReportGroup, action: Asking['action']) => {
    setAsking({ group, action });
    askForReason();
  };

  return (
    <section className={dashboard.section} aria-labelledby={headingId}>
      <h2 id={headingId}>Reports{data ? ` (${data.total} open)` : ''}</h2>
      <ListStatus what="reports" error={queue.error} count={data ? data.items.length : null} />
      {data && data.items.length > 0 && (
        <>
          <ol className={dashboard.items} aria-busy={queue.isFetching}>
            {data.items.map((group) => (
              <li key={group.id}>
                <ReportedItem group={group}>
                  {group.target.type !== 'user' && group.target.type !== 'fed_actor' && !group.target.hidden && (
                    <button type="button" className="button button-ghost button-small" onClick={() => ask(group, 'hide')}>
                      Hide
                    </button>
                  )}
                  {group.target.author && !group.history.suspended && (
                    <button type="button" className="button button-ghost button-small" onClick={() => ask(group, 'suspend')}>
                      Suspend {group.target.author.username}
                    </button>
                  )}
                  {group.target.remote && !group.history.suspended && (
                    <button type="button" className="button button-ghost button-small" onClick={() => ask(group, 'suspend')}>
                      Suspend {group.target.remote.handle} on this instance
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    aria-disabled={resolve.isPending || undefined}
                    onClick={() => !resolve.isPending && resolve.mutate({ group, action: 'dismiss' })}
                  >
                    Dismiss
                  </button>
                </ReportedItem>
              </li>
            ))}
          </ol>
          <Pagination page={page} total={data.total} perPage={REPORT_LIMITS.queuePerPage} label="Pages of reports" />
        </>
      )}
      {asking && (
        <ReasonDialog
          title={asking.action === 'hide' ? `Hide this ${reportTargetNoun(asking.group.target.type)}` : `Suspend ${asking.group.target.remote?.handle ?? asking.group.target.author?.username ?? 'the author'}`}
          hint={
            asking.group.target.remote
              ? 'Kept with the suspension and in the audit log; their server is not told. The account’s activities are refused from now on, and it stops following everyone here.'
              : `${asking.group.target.author?.username ?? 'The author'} is told this reason.`
          }
          submitLabel={asking.action === 'hide' ? 'Hide' : 'Suspend'}
          pendingLabel={asking.action === 'hide' ? 'Hiding…' : 'Suspending…'}
          onSubmit={(note) => resolve.mutateAsync({ group: asking.group, action: asking.action, note })}
        />
      )}
    </section>
  );
}

/** One reported target as the moderator weighs it: what it is and says, who reported it and why, and its author's record. */
function ReportedItem({ group, children }: { group: ReportGroup; children: React.ReactNode }) {
  const { target, reports, history } = group;
  const noun = reportTargetNoun(target.type);
  return (
    <article className={item.item} aria-label={`Reports on ${target.remote ? `${target.remote.handle}: ` : target.author ? `${target.author.username}'s ` : 'a '}${noun}`}>
      <Avatar avatar={target.author?.avatar ?? null} size="md" />
      <div className={item.itemMain}>
        <p className={item.byline}>
          {target.remote ? (
            <a href={target.remote.url} className={item.author} target="_blank" rel="noopener noreferrer nofollow">
              {target.remote.handle}
            </a>
          ) : target.author ? (
            <Link to={profilePath(target.author.username)} className={item.author}>
              {target.author.username}
            </Link>
          ) : (
            'A deleted account'
          )}
          {target.type === 'fed_actor' ? (
            `: ${noun}`
          ) : (
            <>
              {"'s "}
              {target.link ? <Link to={target.link}>{noun}</Link> : `${noun} (since removed)`}
            </>
          )}
          <span className={item.date}>
            reported <Moment at={group.createdAt} withTime />
          </span>
          {target.hidden && <span className={item.badge}>Hidden</span>}
        </p>
        {target.excerpt && <p className={styles.excerpt}>{target.excerpt}</p>}
        <ul className={styles.reporters} aria-label="Reports">
          {reports.map((r) => (
            <li key={r.id}>
              <Link to={profilePath(r.reporter.username)}>{r.reporter.username}</Link>: {REPORT_REASON_LABELS[r.reason]}
              {r.details && <> — “{r.details}”</>}
            </li>
          ))}
        </ul>
        <p className={styles.history}>
          {history.suspended ? 'Suspended. ' : ''}
          {history.priorReports === 0 ? 'No earlier reports' : `${history.priorReports} earlier report${history.priorReports === 1 ? '' : 's'}`}
          {history.priorActions.length > 0 && <>; moderation: {history.priorActions.map((a) => a.action).join(', ')}</>}.
        </p>
        <div className={dashboard.rowActions}>{children}</div>
      </div>
    </article>
  );
}

/** On the dashboard's overview: how many reported things wait in the queue, linked; nothing when none do. */
export function OpenReportsNotice({ className }: { className?: string }) {
  const total = useReportQueue(1).data?.total ?? 0;
  if (total === 0) return null;
  return (
    <p className={className}>
      <Link to={APP_ROUTES.dashboardReports}>
        {total.toLocaleString('en-US')} reported {total === 1 ? 'item is' : 'items are'} waiting in the queue
      </Link>
    </p>
  );
}
