import type { ActivityItem } from '@vgl/shared';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { FeedSentence } from '../../components/FeedSentence';
import { GameCover } from '../../components/GameCover';
import { RelativeTime } from '../../components/RelativeTime';
import { profilePath, reviewPath } from '../profile/profilePaths';
import { ActivitySentence } from './ActivitySentence';
import styles from './activity.module.css';

/** The way to the review an item is about: the review itself, or its comments for a comment. */
function ReviewLink({ item }: { item: ActivityItem }) {
  const { review, game } = item;
  if (!review) return null;
  const of = `${game ? ` of ${game.name}` : ''} by ${review.username}`;
  const path = reviewPath(review.username, review.slug);
  return item.verbs.includes('commented') ? (
    <Link to={`${path}#comments`}>
      See comments<span className={styles.visuallyHidden}> on the review{of}</span>
    </Link>
  ) : (
    <Link to={path}>
      Read review<span className={styles.visuallyHidden}>{of}</span>
    </Link>
  );
}

/** One feed item: who, what they did, when, and the game (or the person they followed) on the side; `viewer` is the reader. */
export function ActivityRow({ item, now, viewer }: { item: ActivityItem; now: number; viewer: string }) {
  const { actor, game, targetUser } = item;
  return (
    <li className={styles.item}>
      {/* The name link in the sentence says the same; the picture only widens the target. */}
      <Link to={profilePath(actor.username)} className={styles.actorAvatar} tabIndex={-1} aria-hidden="true">
        <Avatar avatar={actor.avatar} size="lg" />
      </Link>
      <div className={styles.body}>
        <FeedSentence className={styles.sentence}>
          <Link to={profilePath(actor.username)} className={styles.actor}>
            {actor.username}
          </Link>{' '}
          <ActivitySentence item={item} viewer={viewer} />
        </FeedSentence>
        <p className={styles.meta}>
          <RelativeTime at={item.createdAt} now={now} />
          <ReviewLink item={item} />
        </p>
      </div>
      {game ? (
        <Link to={`/games/${game.slug}`} className={styles.cover} tabIndex={-1} aria-hidden="true">
          <GameCover name={game.name} cover={game.cover} decorative />
        </Link>
      ) : targetUser ? (
        <Link to={profilePath(targetUser.username)} className={styles.side} tabIndex={-1} aria-hidden="true">
          <Avatar avatar={targetUser.avatar} size="lg" />
        </Link>
      ) : null}
    </li>
  );
}
