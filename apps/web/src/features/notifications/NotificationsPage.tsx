import { SOCIAL_LIMITS } from '@vgl/shared';
import { PagedList } from '../../components/PagedList';
import { usePageMeta } from '../../lib/pageMeta';
import { useAuth } from '../../stores/auth';
import { showToast } from '../../stores/toast';
import { usePageParam } from '../catalog/usePageParam';
import { NotificationRow } from './NotificationRow';
import { useMarkRead, useNotifications } from './notificationsApi';
import styles from './notifications.module.css';

const TEXTS = { failed: 'The notifications could not be loaded. Please try again.', loading: 'Loading notifications…', empty: 'Nothing found.' };
const MARK_READ_FAILED = 'The notifications could not be marked as read. Please try again.';

/**
 * /notifications (signed in): newest first, paged with p. Opening the page
 * leaves them unread; the button marks all read, following one marks it read.
 */
export function NotificationsPage() {
  usePageMeta({ title: 'Notifications' });
  const username = useAuth((s) => s.user?.username ?? '');
  const page = usePageParam();
  const notifications = useNotifications(username, page);
  const markRead = useMarkRead(username);
  const data = notifications.data;

  const markAllRead = () => markRead.mutate(undefined, { onError: () => showToast({ variant: 'alert', text: MARK_READ_FAILED }) });

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1>Notifications</h1>
        {data && data.items.length > 0 && (
          <button
            type="button"
            className="button button-ghost button-small"
            disabled={data.unread === 0 || markRead.isPending}
            aria-busy={markRead.isPending && markRead.variables === undefined}
            onClick={markAllRead}
          >
            Mark all as read
          </button>
        )}
      </div>
      {/* Notifications already on screen stay there when a later refetch fails. */}
      <PagedList data={data} failed={notifications.isError && !data} page={page} perPage={SOCIAL_LIMITS.notificationsPerPage} texts={TEXTS}>
        {({ items, unread }) => (
          <>
            {unread > 0 && <p className={styles.count}>{unread.toLocaleString('en-US')} unread</p>}
            <ol className={styles.items} aria-busy={notifications.isFetching}>
              {items.map((n) => (
                <NotificationRow
                  key={n.id}
                  notification={n}
                  viewer={username}
                  now={notifications.dataUpdatedAt}
                  onOpen={n.read ? undefined : () => markRead.mutate([n.id])}
                />
              ))}
            </ol>
          </>
        )}
      </PagedList>
    </div>
  );
}
