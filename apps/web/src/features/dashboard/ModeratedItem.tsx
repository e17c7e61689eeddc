import type { AdminComment, AdminReview } from '@vgl/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { RatingStars } from '../../components/RatingStars';
import { ReviewBody } from '../../components/review/ReviewBody';
import { listPagePath } from '../lists/listPaths';
import { profilePath, reviewPath } from '../profile/profilePaths';
import { Moment } from './Moment';
import dashboard from './dashboard.module.css';
import styles from './ModeratedItem.module.css';

interface ItemFrameProps {
  author: AdminReview['user'];
  /** What it is about, linked: the review, or the review a comment is under. */
  subject: ReactNode;
  text: string;
  at: number;
  badge?: ReactNode;
  /** The moderator's buttons. */
  children: ReactNode;
}

/** One review or comment as a moderator sees it: who, on what, the text (SPEC §5 rules, excerpt over 900 characters), when, what to do. */
function ItemFrame({ author, subject, text, at, badge, children }: ItemFrameProps) {
  return (
    <article className={styles.item}>
      <Avatar avatar={author.avatar} size="md" />
      <div className={styles.itemMain}>
        <p className={styles.byline}>
          <Link to={profilePath(author.username)} className={styles.author}>
            {author.username}
          </Link>{' '}
          {subject}
          <span className={styles.date}>
            <Moment at={at} withTime />
          </span>
          {badge}
        </p>
        <div className={styles.itemText}>
          <ReviewBody text={text} />
        </div>
        <div className={dashboard.rowActions}>{children}</div>
      </div>
    </article>
  );
}

interface ModeratedReviewProps {
  review: AdminReview;
  /** False in the featured list itself, where every one is. */
  featuredBadge?: boolean;
  children: ReactNode;
}

export function ModeratedReview({ review, featuredBadge = true, children }: ModeratedReviewProps) {
  const path = review.slug ? reviewPath(review.user.username, review.slug) : `/games/${review.game.slug}`;
  return (
    <ItemFrame
      author={review.user}
      subject={
        <>
          reviewed <Link to={path}>{review.game.name}</Link>
          {review.rating !== null && review.rating > 0 && (
            <>
              {' '}
              <RatingStars value={review.rating} size="sm" />
            </>
          )}
        </>
      }
      text={review.review ?? ''}
      at={review.date.reviewCreated ?? review.date.created}
      badge={featuredBadge && review.featured ? <span className={styles.badge}>Featured</span> : undefined}
    >
      {children}
    </ItemFrame>
  );
}

export function ModeratedComment({ comment, children }: { comment: AdminComment; children: ReactNode }) {
  const { review, list } = comment;
  return (
    <ItemFrame
      author={comment.user}
      subject={
        // Under a review or under a list.
        <>
          on{' '}
          {list ? (
            <Link to={`${listPagePath(list.username, list.slug)}#comments`}>
              {list.username}'s list {list.title}
            </Link>
          ) : review ? (
            <Link to={`${reviewPath(review.username, review.slug)}#comments`}>
              {review.username}'s review of {review.gameName}
            </Link>
          ) : (
            'something since removed'
          )}
        </>
      }
      text={comment.body}
      at={comment.createdAt}
    >
      {children}
    </ItemFrame>
  );
}
