import { ADMIN_LIMITS, type AdminReview } from '@vgl/shared';
import { useState } from 'react';
import { Pagination } from '../../components/Pagination';
import { usePageMeta } from '../../lib/pageMeta';
import { useAdminReviews, useDeleteReview, useFeatureReview, useUnfeatureReview } from './dashboardApi';
import { ListStatus, SearchBox, useListParams } from './ListControls';
import { ModeratedReview } from './ModeratedItem';
import { askForReason, ReasonDialog } from './ReasonDialog';
import styles from './dashboard.module.css';

/** "Ann's review of Tetris": names the buttons of a row, since every row has the same ones. */
export const reviewName = (review: AdminReview) => `${review.user.username}'s review of ${review.game.name}`;

/** /dashboard/reviews: written reviews, newest first, searched by author, game or text; feature or delete each. */
export function ReviewsModerationPage() {
  usePageMeta({ title: 'Reviews | Dashboard' });
  const { q, page } = useListParams();
  const reviews = useAdminReviews(q, page);
  const remove = useDeleteReview();
  const [removing, setRemoving] = useState<AdminReview | null>(null);
  const data = reviews.data;

  return (
    <section className={styles.section} aria-labelledby="dashboard-reviews">
      <h2 id="dashboard-reviews">Reviews</h2>
      <SearchBox label="Search reviews" placeholder="Author, game or text" />
      <ListStatus what="reviews" error={reviews.error} count={data ? data.items.length : null} />
      {data && data.items.length > 0 && (
        <>
          <ol className={styles.items} aria-busy={reviews.isFetching}>
            {data.items.map((review) => (
              <li key={review._id}>
                <ModeratedReview review={review}>
                  <FeatureToggle review={review} />
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    aria-label={`Delete ${reviewName(review)}`}
                    onClick={() => {
                      setRemoving(review);
                      askForReason();
                    }}
                  >
                    Delete
                  </button>
                </ModeratedReview>
              </li>
            ))}
          </ol>
          <Pagination page={page} total={data.total} perPage={ADMIN_LIMITS.perPage} label="Pages of reviews" />
        </>
      )}
      {removing && (
        <ReasonDialog
          title={`Delete ${reviewName(removing)}`}
          hint={`${removing.user.username} is told this reason in a notification.`}
          submitLabel="Delete review"
          pendingLabel="Deleting…"
          onSubmit={(reason) => remove.mutateAsync({ target: removing, reason })}
        />
      )}
    </section>
  );
}

/**
 * Featured or not, as a pressed/unpressed button; featuring appends to the
 * end of the featured list. A review the server would refuse (its author is
 * suspended) keeps the button, unavailable, with the server's reason beside it.
 */
export function FeatureToggle({ review }: { review: AdminReview }) {
  const feature = useFeatureReview();
  const unfeature = useUnfeatureReview();
  const pending = feature.isPending || unfeature.isPending;
  const refusal = review.featured ? null : review.featureRefusal;
  const refusalId = `feature-refusal-${review._id}`;
  return (
    <>
      <button
        type="button"
        className={`button button-ghost button-small ${styles.toggle}`}
        aria-label={`Feature ${reviewName(review)}`}
        aria-pressed={review.featured}
        aria-disabled={pending || refusal !== null || undefined}
        aria-describedby={refusal ? refusalId : undefined}
        onClick={() => {
          if (pending || refusal) return;
          if (review.featured) unfeature.mutate(review);
          else feature.mutate(review);
        }}
      >
        Feature
      </button>
      {refusal && (
        <span id={refusalId} className={styles.refusal}>
          {refusal}
        </span>
      )}
    </>
  );
}
