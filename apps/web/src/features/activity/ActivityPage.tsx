import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FediverseFeed } from '../federation/FediverseFeed';
import { useHome } from '../landing/homeApi';
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

/** ?from=elsewhere: the "Other servers" tab, so it can be linked to and Back returns to the other. */
const ELSEWHERE = 'elsewhere';

/**
 * /activity (signed in): what the people the user follows did, newest first,
 * by day. Where the instance federates, a second tab, "Other servers": the
 * accounts they follow on Mastodon and other servers, and their posts.
 */
export function ActivityPage() {
  usePageMeta({ title: 'Activity' });
  const federates = useHome().data?.federation === true;
  const [params, setParams] = useSearchParams();
  const elsewhere = federates && params.get('from') === ELSEWHERE;
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const choose = (other: boolean) => setParams(other ? { from: ELSEWHERE } : {}, { replace: true });
  // A tab list's arrow keys move between its tabs (WAI-ARIA tabs pattern).
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    choose(!elsewhere);
    tabs.current[elsewhere ? 0 : 1]?.focus();
  };
  return (
    <div className={styles.page}>
      <h1>Activity</h1>
      {federates && (
        <div role="tablist" aria-label="Whose activity" className={styles.tabs} onKeyDown={onKey}>
          {(['Members here', 'Other servers'] as const).map((label, i) => {
            const selected = elsewhere === (i === 1);
            return (
              <button
                key={label}
                ref={(button) => void (tabs.current[i] = button)}
                type="button"
                role="tab"
                id={`activity-tab-${i}`}
                aria-selected={selected}
                aria-controls="activity-panel"
                tabIndex={selected ? 0 : -1}
                onClick={() => choose(i === 1)}
              >
                {label}
              </button>
            );
          })}
        </div>
      )}
      {/* One wrapper either way, so the members' feed is not mounted again when the tabs appear. */}
      <div {...(federates ? { role: 'tabpanel', id: 'activity-panel', 'aria-labelledby': `activity-tab-${elsewhere ? 1 : 0}` } : {})}>
        {elsewhere ? <FediverseFeed /> : <MembersActivity />}
      </div>
    </div>
  );
}

/** What the members the user follows did, by day. */
function MembersActivity() {
  const username = useAuth((s) => s.user?.username ?? '');
  const feed = useActivityFeed(username);

  // Loading the first page marked the feed as seen: the nav's unread dot checks again (SPEC §2, §4).
  const firstPage = feed.data?.pages[0];
  useEffect(() => {
    if (firstPage) trigger('nav');
  }, [firstPage]);

  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
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
    </>
  );
}
