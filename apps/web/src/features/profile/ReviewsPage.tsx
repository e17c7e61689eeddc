import { LIBRARY_LIMITS } from '@vgl/shared';
import { PagedList } from '../../components/PagedList';
import { ReviewCard } from '../../components/review/ReviewCard';
import { usePageMeta } from '../../lib/pageMeta';
import { usePageParam } from '../catalog/usePageParam';
import { useReviews } from './profileApi';
import { useUsernameParam } from './profilePaths';
import { useDisplayName } from './useDisplayName';
import { ReportReview } from '../reports/ReportButton';
import common from './profile.module.css';


const REVIEWS_TEXTS = {
  failed: 'The reviews could not be loaded. Please try again.',
  loading: 'Loading reviews…',
  empty: 'No reviews yet.',
};

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
      <PagedList data={reviews.data} failed={reviews.isError} page={page} perPage={LIBRARY_LIMITS.reviewsPerPage} texts={REVIEWS_TEXTS}>
        {({ items }) => (
          <ul className={common.list} aria-busy={reviews.isFetching}>
            {items.map((entry) => (
              <li key={entry._id}>
                <ReviewCard entry={entry} showGame actions={<ReportReview entry={entry} />} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
