import type { NotificationItem } from '@vgl/shared';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { FeedSentence } from '../../components/FeedSentence';
import { RelativeTime } from '../../components/RelativeTime';
import { profilePath } from '../profile/profilePaths';
import { NotificationSentence } from './NotificationSentence';
import styles from './notifications.module.css';

interface NotificationRowProps {
  notification: NotificationItem;
  viewer: string;
  now: number;
  /** Marks this one read; given only while it is unread. */
  onOpen?: () => void;
}

/** What moderators (or a catalog sync) did for the site: no person's avatar or link. */
/** A release alert: no one did it, and its message is the sentence itself, not a reason. */
const isRelease = (n: NotificationItem) => n.kind === 'release_dated' || n.kind === 'released';
const isRemoval = (n: NotificationItem) =>
  n.kind === 'review_removed' || n.kind === 'comment_removed' || n.kind.startsWith('submission_') || n.kind === 'content_hidden' || n.kind === 'report_resolved' || isRelease(n);
/** Kinds whose message is the sentence itself, not a reason under it. */
const saysItAll = (n: NotificationItem) => n.kind === 'content_hidden' || n.kind === 'report_resolved' || isRelease(n);

/** One notification: who, what, when; unread ones are marked for the eye and for screen readers. */
export function NotificationRow({ notification, viewer, now, onOpen }: NotificationRowProps) {
  const { actor, read, createdAt, message } = notification;
  return (
    <li className={styles.item} data-unread={!read || undefined}>
      {isRemoval(notification) ? (
        // Moderators act for the site, not as themselves.
        <Avatar avatar={null} size="lg" />
      ) : notification.remoteActor ? (
        // A fediverse account: its picture is not fetched from its server (the reader's browser would tell that server they looked).
        <a href={notification.remoteActor.url} className={styles.avatar} tabIndex={-1} aria-hidden="true" target="_blank" rel="noopener noreferrer nofollow ugc" onClick={onOpen}>
          <Avatar avatar={null} size="lg" />
        </a>
      ) : (
        <Link to={profilePath(actor.username)} className={styles.avatar} tabIndex={-1} aria-hidden="true" onClick={onOpen}>
          <Avatar avatar={actor.avatar} size="lg" />
        </Link>
      )}
      <div className={styles.body}>
        <FeedSentence className={styles.sentence}>
          {!read && <span className={styles.visuallyHidden}>Unread: </span>}
          <NotificationSentence notification={notification} viewer={viewer} onOpen={onOpen} />
        </FeedSentence>
        {message && !saysItAll(notification) && <p className={styles.reason}>Reason: {message}</p>}
        <p className={styles.meta}>
          <RelativeTime at={createdAt} now={now} />
        </p>
      </div>
      {!read && <span className={styles.dot} aria-hidden="true" />}
    </li>
  );
}
