import { coverImageUrl, reviewMetaDescription, type PlayReview } from '@vgl/shared';
import { Link, useParams } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { GameCover } from '../../components/GameCover';
import { RatingStars } from '../../components/RatingStars';
import { ReviewBody } from '../../components/review/ReviewBody';
import { usePageMeta } from '../../lib/pageMeta';
import { isNotFound } from '../catalog/isNotFound';
import { NotFoundPage } from '../errors/NotFoundPage';
import { profilePath, useUsernameParam } from '../profile/profilePaths';
import { useCurrentNameInUrl } from '../profile/useCurrentNameInUrl';
import reviewStyles from '../profile/review.module.css';
import { playDates, playFacts, playLabel } from './playLabels';
import { PlaysHistory, useMainReviewPath } from './PlaysHistory';
import { usePlayReview } from './playsApi';
import styles from './plays.module.css';

// The moment the review was written, in the reader's time zone, as review cards say it.
const reviewDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function PlayReviewView({ review }: { review: PlayReview }) {
  const { play, game, user } = review;
  const label = playLabel(play);
  usePageMeta({
    title: `${game.name} review by ${user.username} (${label.toLowerCase()})`,
    description: play.review ? reviewMetaDescription(play.review) : undefined,
    image: game.cover ? coverImageUrl(game.cover) : undefined,
  });
  const mainReview = useMainReviewPath(user.username, game.slug);
  const gamePath = `/games/${game.slug}`;
  const written = play.reviewCreatedAt !== null ? new Date(play.reviewCreatedAt) : null;
  return (
    <article className={reviewStyles.page}>
      <aside className={reviewStyles.game}>
        <Link to={gamePath} className={reviewStyles.cover} tabIndex={-1} aria-hidden="true">
          <GameCover name={game.name} cover={game.cover} priority decorative />
        </Link>
      </aside>
      <div className={reviewStyles.main}>
        <header className={reviewStyles.header}>
          <Link to={profilePath(user.username)} className={reviewStyles.author}>
            <Avatar avatar={user.avatar} size="md" />
            <span>Review by {user.username}</span>
          </Link>
          <h1 className={reviewStyles.title}>
            <Link to={gamePath}>{game.name}</Link>
            {game.releaseYear !== null && <span className={reviewStyles.year}> {game.releaseYear}</span>}
          </h1>
        </header>
        <p className={styles.playFacts}>
          <strong>{label}</strong>
          <span>{[playDates(play), ...playFacts(play)].join(' · ')}</span>
        </p>
        <div className={styles.reviewBox}>
          {play.rating !== null && <RatingStars value={play.rating} size="md" />}
          {play.review && <ReviewBody text={play.review} collapsible={false} spoilers={play.spoilers} />}
          {written && (
            <p className={styles.dates}>
              <time dateTime={written.toISOString()}>{reviewDate.format(written)}</time>
            </p>
          )}
        </div>
        <nav className={styles.links} aria-label="More of this game">
          {mainReview && <Link to={mainReview}>{user.username}’s main review</Link>}
          <Link to={gamePath}>About {game.name}</Link>
        </nav>
        <PlaysHistory username={user.username} gameSlug={game.slug} currentPlayId={play.id} />
      </div>
    </article>
  );
}

/** /u/{username}/reviews/{slug}/plays/{id}: a replay's review on its own page, with the play and the member's other plays. */
export function PlayReviewPage() {
  const username = useUsernameParam();
  const { slug = '', id = '' } = useParams();
  const review = usePlayReview(username, slug, id);
  useCurrentNameInUrl(username, review.data?.user.username);
  if (isNotFound(review.error)) return <NotFoundPage />;
  if (!review.data) return <p role="status">{review.isError ? 'The review could not be loaded. Please try again.' : 'Loading…'}</p>;
  return <PlayReviewView review={review.data} />;
}
