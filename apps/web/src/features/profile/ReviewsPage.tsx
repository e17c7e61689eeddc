import { LIBRARY_LIMITS } from '@vgl/shared';
import { Pagination } from '../../components/Pagination';
import { ReviewCard } from '../../components/review/ReviewCard';
import { usePageMeta } from '../../lib/pageMeta';
import { usePageParam } from '../catalog/usePageParam';
import { useReviews } from './profileApi';
import { useUsernameParam } from './profilePaths';
import { useDisplayName } from './useDisplayName';
import common from './profile.module.css';

/** /u/{username}/reviews: the user's reviews, newest first, paged. */
export function ReviewsPage() {
  const username = useUsernameParam();
  const page = usePageParam();
  const reviews = useReviews(username, page);
  const displayName = useDisplayName(username);
  usePageMeta({ title: `${displayName}'s Reviews` });
  return (
    <section aria-labelledby="reviews-heading">
      <div className={common.sectionHead}>
        <h2 id="reviews-heading">Reviews</h2>
      </div>
      {reviews.isError ? (
        <p className={common.error} role="alert">
          The reviews could not be loaded. Please try again.
        </p>
      ) : !reviews.data ? (
        <p className={common.status} role="status">
          Loading reviews…
        </p>
      ) : reviews.data.items.length === 0 ? (
        <p className={common.empty}>No reviews yet.</p>
      ) : (
        <>
          <ul className={common.list} aria-busy={reviews.isFetching}>
            {reviews.data.items.map((entry) => (
              <li key={entry._id}>
                <ReviewCard entry={entry} showGame />
              </li>
            ))}
          </ul>
          <Pagination page={page} total={reviews.data.total} perPage={LIBRARY_LIMITS.reviewsPerPage} />
        </>
      )}
    </section>
  );
}
