import { ADMIN_LIMITS, type AdminReview } from '@vgl/shared';
import { Pagination } from '../../components/Pagination';
import { usePageMeta } from '../../lib/pageMeta';
import { useAdminReviews, useFeaturedReviews, useReorderFeatured, useUnfeatureReview } from './dashboardApi';
import { ListStatus, SearchBox, useListParams } from './ListControls';
import { ModeratedReview } from './ModeratedItem';
import { FeatureToggle, reviewName } from './ReviewsModerationPage';
import styles from './dashboard.module.css';

/** Candidates to feature per page: a short list under the featured ones. */
const CANDIDATES_PER_PAGE = 10;

/**
 * /dashboard/reviews-ft: the featured reviews in the order the front page
 * shows them (SPEC §7: the first two), to move up, down or out; under them,
 * recent reviews to search and feature.
 */
export function FeaturedReviewsPage() {
  usePageMeta({ title: 'Featured reviews | Dashboard' });
  return (
    <>
      <FeaturedList />
      <FeatureCandidates />
    </>
  );
}

function FeaturedList() {
  const featured = useFeaturedReviews();
  const reorder = useReorderFeatured();
  const unfeature = useUnfeatureReview();
  // While the new order is on its way, show it; a refusal puts the server's order back.
  const list = reorder.isPending ? reorder.variables.order : featured.data;
  const busy = reorder.isPending || unfeature.isPending;

  const move = (index: number, by: -1 | 1) => {
    if (!list || busy) return;
    const order = [...list];
    const [moved] = order.splice(index, 1);
    if (!moved || index + by < 0 || index + by > list.length - 1) return;
    order.splice(index + by, 0, moved);
    reorder.mutate({ order, moved });
  };

  return (
    <section className={styles.section} aria-labelledby="dashboard-featured">
      <h2 id="dashboard-featured">Featured reviews</h2>
      <p className={styles.hint}>The front page shows the first two, in this order. At most {ADMIN_LIMITS.maxFeatured} can be featured.</p>
      <ListStatus what="featured reviews" error={featured.error} count={list ? list.length : null} />
      {list && list.length > 0 && (
        <ol className={`${styles.items} ${styles.ranked}`} aria-busy={busy}>
          {list.map((review, index) => (
            <li key={review._id}>
              <span className={styles.rank} aria-hidden="true">
                {index + 1}
              </span>
              <ModeratedReview review={review} featuredBadge={false}>
                <MoveButton label="Move up" review={review} disabled={busy || index === 0} onClick={() => move(index, -1)} />
                <MoveButton label="Move down" review={review} disabled={busy || index === list.length - 1} onClick={() => move(index, 1)} />
                <MoveButton label="Unfeature" review={review} disabled={busy} onClick={() => !busy && unfeature.mutate(review)} />
              </ModeratedReview>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

interface MoveButtonProps {
  label: string;
  review: AdminReview;
  disabled: boolean;
  onClick: () => void;
}

// aria-disabled rather than disabled: the button keeps focus when its review reaches the top or the bottom.
function MoveButton({ label, review, disabled, onClick }: MoveButtonProps) {
  return (
    <button
      type="button"
      className="button button-ghost button-small"
      aria-label={`${label}: ${reviewName(review)}`}
      aria-disabled={disabled || undefined}
      onClick={() => !disabled && onClick()}
    >
      {label}
    </button>
  );
}

function FeatureCandidates() {
  const { q, page } = useListParams();
  const reviews = useAdminReviews(q, page, CANDIDATES_PER_PAGE);
  const data = reviews.data;
  return (
    <section className={styles.section} aria-labelledby="dashboard-feature-one" id="feature-a-review">
      <h2 id="dashboard-feature-one">Feature a review</h2>
      <SearchBox label="Search recent reviews" placeholder="Author, game or text" />
      <ListStatus what="reviews" error={reviews.error} count={data ? data.items.length : null} />
      {data && data.items.length > 0 && (
        <>
          <ol className={styles.items} aria-busy={reviews.isFetching}>
            {data.items.map((review) => (
              <li key={review._id}>
                <ModeratedReview review={review}>
                  <FeatureToggle review={review} />
                </ModeratedReview>
              </li>
            ))}
          </ol>
          <Pagination page={page} total={data.total} perPage={CANDIDATES_PER_PAGE} scrollTo="feature-a-review" label="Pages of reviews" />
        </>
      )}
    </section>
  );
}
