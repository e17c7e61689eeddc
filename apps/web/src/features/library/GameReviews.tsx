import { ReviewCard } from '../../components/review/ReviewCard';
import { ReportReview } from '../reports/ReportButton';
import { useGameReviews } from './libraryApi';
import styles from './library.module.css';

/** The game page's "Reviews" section, a page at a time behind "More reviews". */
export function GameReviews({ slug, platforms }: { slug: string; platforms: { slug: string; name: string }[] }) {
  const platformNames = Object.fromEntries(platforms.map((p) => [p.slug, p.name]));
  const reviews = useGameReviews(slug);
  const entries = reviews.data?.pages.flatMap((page) => page.items) ?? [];
  const total = reviews.data?.pages[0]?.total ?? 0;
  return (
    <section className={styles.section} aria-labelledby="game-reviews" aria-busy={reviews.isFetching}>
      <h2 id="game-reviews">Reviews{total > 0 ? <span className={styles.count}> ({total.toLocaleString('en-US')})</span> : null}</h2>
      {reviews.isPending ? (
        <p role="status">Loading reviews…</p>
      ) : reviews.isError && entries.length === 0 ? (
        <p role="status">The reviews could not be loaded. Please try again later.</p>
      ) : entries.length === 0 ? (
        <p>No reviews yet.</p>
      ) : (
        <>
          <ul className={styles.reviews}>
            {entries.map((entry) => (
              <li key={entry._id}>
                <ReviewCard entry={entry} showGame={false} platformNames={platformNames} actions={<ReportReview entry={entry} />} />
              </li>
            ))}
          </ul>
          {reviews.hasNextPage && (
            <button type="button" className="button button-ghost" onClick={() => void reviews.fetchNextPage()} disabled={reviews.isFetchingNextPage}>
              {reviews.isFetchingNextPage ? 'Loading…' : 'More reviews'}
            </button>
          )}
        </>
      )}
    </section>
  );
}
