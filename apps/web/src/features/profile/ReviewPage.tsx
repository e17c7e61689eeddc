import { coverImageUrl, reviewMetaDescription, type EntryGame, type ReviewEntry } from '@vgl/shared';
import { Link, useParams } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { GameCover } from '../../components/GameCover';
import { ReviewCard } from '../../components/review/ReviewCard';
import { usePageMeta } from '../../lib/pageMeta';
import { isNotFound } from '../catalog/isNotFound';
import { CommentsSection } from '../comments/CommentsSection';
import { NotFoundPage } from '../errors/NotFoundPage';
import { RemoteReactions } from '../federation/RemoteReactions';
import { PlaysHistory } from '../plays/PlaysHistory';
import { HiddenMark } from '../reports/HiddenMark';
import { ReportReview } from '../reports/ReportButton';
import { useReview } from './profileApi';
import { profilePath, useUsernameParam } from './profilePaths';
import { useCurrentNameInUrl } from './useCurrentNameInUrl';
import styles from './review.module.css';

const releaseYear = (game: EntryGame) =>
  game.first_release_date !== null ? new Date(game.first_release_date * 1000).getUTCFullYear() : game.release_year;

function ReviewView({ entry, slug }: { entry: ReviewEntry; slug: string }) {
  const { game, user } = entry;
  usePageMeta({
    title: `${game.name} review by ${user.username}`,
    description: entry.review ? reviewMetaDescription(entry.review) : undefined,
    image: game.cover ? coverImageUrl(game.cover) : undefined,
  });
  const year = releaseYear(game);
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
        {entry.hiddenByModerator && <HiddenMark />}
        <ReviewCard entry={entry} showGame={false} collapsible={false} actions={<ReportReview entry={entry} />} />
        <RemoteReactions username={user.username} slug={entry.slug ?? slug} />
        <PlaysHistory username={user.username} gameSlug={game.slug} />
        <CommentsSection target={{ username: user.username, slug: entry.slug ?? slug, gameSlug: game.slug }} count={entry.comments} />
      </div>
    </article>
  );
}

/** /u/{username}/reviews/{slug}: one review in full, its game, and its comments. */
export function ReviewPage() {
  const username = useUsernameParam();
  const { slug = '' } = useParams();
  const review = useReview(username, slug);
  useCurrentNameInUrl(username, review.data?.user.username);
  if (isNotFound(review.error)) return <NotFoundPage />;
  if (!review.data) return <p role="status">{review.isError ? 'The review could not be loaded. Please try again.' : 'Loading…'}</p>;
  return <ReviewView entry={review.data} slug={slug} />;
}
