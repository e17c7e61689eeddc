import type { ReviewEntry } from '@vgl/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePlatformNames } from '../../lib/platformNames';
import { Avatar } from '../Avatar';
import { GameCover } from '../GameCover';
import { RatingStars } from '../RatingStars';
import { LikeButton } from './LikeButton';
import { ReviewBody } from './ReviewBody';
import styles from './ReviewCard.module.css';

interface ReviewCardProps {
  entry: ReviewEntry;
  /** False on the game's own page, where cover and title would repeat the page. */
  showGame?: boolean;
  /** False on the review page itself, where the whole text is the point. */
  collapsible?: boolean;
  /** Platform names by slug, when the page has them already; otherwise the app's cached platform list names them. */
  platformNames?: Readonly<Record<string, string>>;
  /** What the page adds to the footer, e.g. the reader's Report button (features own it; this card only places it). */
  actions?: ReactNode;
}

// The moment the review was written, in the reader's time zone: "Nov 22, 2026" (SPEC §9).
const reviewDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

const commentsText = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'comment' : 'comments'}`;

/**
 * The review card of SPEC §2: cover, user, rating, platforms, body, like
 * button, comment link and date. Presentational: the page loads the entries;
 * only the like button talks to the server.
 */
export function ReviewCard({ entry, showGame = true, collapsible = true, platformNames, actions }: ReviewCardProps) {
  const { user, game } = entry;
  const knownNames = usePlatformNames(!platformNames && entry.platform.length > 0);
  // Usernames in links are lower-cased (SPEC §2).
  const profilePath = `/u/${user.username.toLowerCase()}`;
  const reviewPath = entry.slug ? `${profilePath}/reviews/${entry.slug}` : null;
  const gamePath = `/games/${game.slug}`;
  const written = entry.date.reviewCreated ?? entry.date.created;

  return (
    <article className={styles.card} data-with-game={showGame || undefined} aria-label={`Review of ${game.name} by ${user.username}`}>
      {showGame && (
        // The title link below names the game; this one only widens the click target.
        <Link to={gamePath} className={styles.cover} tabIndex={-1} aria-hidden="true">
          <GameCover name={game.name} cover={game.cover} decorative />
        </Link>
      )}
      <div className={styles.main}>
        {showGame && (
          <p className={styles.game}>
            <Link to={gamePath} className={styles.gameName}>
              {game.name}
            </Link>
            {game.release_year !== null && <span className={styles.year}>{game.release_year}</span>}
          </p>
        )}
        <div className={styles.byline}>
          <Link to={profilePath} className={styles.user}>
            <Avatar avatar={user.avatar} size="md" />
            <span className={styles.username}>{user.username}</span>
          </Link>
          {entry.rating !== null && <RatingStars value={entry.rating} size="md" />}
          {entry.platform.length > 0 && (
            <ul className={styles.platforms} aria-label="Platforms">
              {entry.platform.map((slug) => {
                // A code such as "ACPC" says little: the name (Amstrad CPC), in full in the tooltip when the chip cuts it.
                const name = (platformNames ?? knownNames)?.[slug];
                return (
                  <li key={slug} className={styles.platform} title={name}>
                    {name ?? slug.toUpperCase()}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        {entry.review && (
          <div className={styles.body}>
            <ReviewBody text={entry.review} collapsible={collapsible} spoilers={entry.spoilers} />
          </div>
        )}
        <footer className={styles.footer}>
          <LikeButton entityId={entry._id} count={entry.likes} />
          {reviewPath && (
            <Link to={`${reviewPath}/#comments`} className={styles.comments} aria-label={commentsText(entry.comments)}>
              <CommentIcon />
              <span>{entry.comments.toLocaleString('en-US')}</span>
            </Link>
          )}
          {actions}
          <Written at={written} href={reviewPath} />
        </footer>
      </div>
    </article>
  );
}

function Written({ at, href }: { at: number; href: string | null }) {
  const when = new Date(at);
  const time = <time dateTime={when.toISOString()}>{reviewDate.format(when)}</time>;
  return href ? (
    <Link to={href} className={styles.date}>
      {time}
    </Link>
  ) : (
    <span className={styles.date}>{time}</span>
  );
}

function CommentIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M4 5.5h16v10.5H10l-4.5 3.5V16H4Z" fill="none" stroke="currentColor" strokeWidth={2} strokeLinejoin="round" />
    </svg>
  );
}
