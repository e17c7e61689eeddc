import type { EntryGame, ReviewEntry } from '@vgl/shared';
import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { GameCover } from '../../components/GameCover';
import { ReviewCard } from '../../components/review/ReviewCard';
import { usePageMeta } from '../../lib/pageMeta';
import { isNotFound } from '../catalog/isNotFound';
import { NotFoundPage } from '../errors/NotFoundPage';
import { useReview } from './profileApi';
import { profilePath, useUsernameParam } from './profilePaths';
import styles from './review.module.css';

const releaseYear = (game: EntryGame) =>
  game.first_release_date !== null ? new Date(game.first_release_date * 1000).getUTCFullYear() : game.release_year;

function ReviewView({ entry }: { entry: ReviewEntry }) {
  const { game, user } = entry;
  usePageMeta({ title: `${game.name} review by ${user.username}` });
  const year = releaseYear(game);
  const { hash } = useLocation();
  // A comment link (…/#comments) lands on the comments once the review has rendered; the
  // timeout lets the layout's scroll-to-top on a new page run first.
  useEffect(() => {
    if (hash !== '#comments') return;
    const timer = window.setTimeout(() => document.getElementById('comments')?.scrollIntoView());
    return () => window.clearTimeout(timer);
  }, [hash]);
  return (
    <article className={styles.page}>
      <aside className={styles.game}>
        <Link to={`/games/${game.slug}`} className={styles.cover}>
          <GameCover name={game.name} cover={game.cover} priority />
        </Link>
      </aside>
      <div className={styles.main}>
        <header className={styles.header}>
          <Link to={profilePath(user.username)} className={styles.author}>
            <Avatar avatar={user.avatar} size="md" />
            <span>Review by {user.username}</span>
          </Link>
          <h1 className={styles.title}>
            <Link to={`/games/${game.slug}`}>{game.name}</Link>
            {year !== null && <span className={styles.year}> {year}</span>}
          </h1>
        </header>
        <ReviewCard entry={entry} showGame={false} collapsible={false} />
        <section id="comments" className={styles.comments} aria-labelledby="comments-heading">
          <h2 id="comments-heading">Comments ({entry.comments.toLocaleString('en-US')})</h2>
          {entry.comments === 0 && <p className={styles.empty}>No comments yet.</p>}
        </section>
      </div>
    </article>
  );
}

/** /u/{username}/reviews/{slug}: one review in full, its game, and its comments. */
export function ReviewPage() {
  const username = useUsernameParam();
  const { slug = '' } = useParams();
  const review = useReview(username, slug);
  if (isNotFound(review.error)) return <NotFoundPage />;
  if (!review.data) return <p role="status">{review.isError ? 'The review could not be loaded. Please try again.' : 'Loading…'}</p>;
  return <ReviewView entry={review.data} />;
}
