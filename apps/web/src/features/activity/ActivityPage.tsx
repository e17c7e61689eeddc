import { useEffect } from 'react';
import { Link } from 'react-router';
import { usePageMeta } from '../../lib/pageMeta';
import { SuggestedMembers } from '../onboarding/SuggestedMembers';
import { PeopleYouMayKnow } from '../people/PeopleYouMayKnow';
import { useAuth } from '../../stores/auth';
import { trigger } from '../../stores/renderTriggers';
import { groupByDay } from './activityDays';
import { useActivityFeed } from './activityApi';
import { ActivityRow } from './ActivityRow';
import styles from './activity.module.css';

/** People you may know above the feed: a short row, the rest on /members. */
const ACTIVITY_MAY_KNOW = 2;

/** /activity (signed in): what the people the user follows did, newest first, by day. */
export function ActivityPage() {
  usePageMeta({ title: 'Activity' });
  const username = useAuth((s) => s.user?.username ?? '');
  const feed = useActivityFeed(username);

  // Loading the first page marked the feed as seen: the nav's unread dot checks again (SPEC §2, §4).
  const firstPage = feed.data?.pages[0];
  useEffect(() => {
    if (firstPage) trigger('nav');
  }, [firstPage]);

  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className={styles.page}>
      <h1>Activity</h1>
      {feed.isError && !feed.data ? (
        <p className={styles.error} role="alert">
          The activity could not be loaded. Please try again.
        </p>
      ) : !feed.data ? (
        <p className={styles.status} role="status">
          Loading activity…
        </p>
      ) : items.length === 0 ? (
        <div className={styles.empty}>
          <p>Nothing found.</p>
          <p className={styles.hint}>
            Follow people to see here what they play, rate and review. You&apos;ll find them in the reviews on <Link to="/games">game pages</Link>.
          </p>
          <SuggestedMembers />
        </div>
      ) : (
        <>
          {/* They follow someone: a few of the people those follow, when there are any. */}
          <PeopleYouMayKnow limit={ACTIVITY_MAY_KNOW} />
          {groupByDay(items, feed.dataUpdatedAt).map((day) => (
            <section key={day.key} className={styles.day} aria-labelledby={`activity-${day.key}`}>
              <h2 id={`activity-${day.key}`} className={styles.dayHeading}>
                {day.label}
              </h2>
              <ol className={styles.items}>
                {day.items.map((item) => (
                  <ActivityRow key={item.id} item={item} now={feed.dataUpdatedAt} viewer={username} />
                ))}
              </ol>
            </section>
          ))}
          {feed.isFetchNextPageError && (
            <p className={styles.error} role="alert">
              Older activity could not be loaded. Please try again.
            </p>
          )}
          {feed.hasNextPage && (
            <div className={styles.more}>
              <button
                type="button"
                className="button button-ghost"
                disabled={feed.isFetchingNextPage}
                aria-busy={feed.isFetchingNextPage}
                onClick={() => void feed.fetchNextPage()}
              >
                {feed.isFetchingNextPage ? 'Loading…' : 'Older activity'}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
