import { RATING, type CommunityRating } from '@vgl/shared';
import { RatingStars } from './RatingStars';
import { starsLabel } from './RatingInput';
import styles from './RatingHistogram.module.css';

interface RatingHistogramProps {
  rating: CommunityRating;
}

const ratingsText = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'rating' : 'ratings'}`;

/**
 * How a community rated something, Letterboxd style: ten bars for half a star
 * to five stars, scaled to the tallest, then the average and the count. Plain
 * CSS rather than a chart library, for the bundle's sake.
 */
export function RatingHistogram({ rating }: RatingHistogramProps) {
  const counts = Array.from({ length: RATING.max }, (_, index) => rating.distribution[index] ?? 0);
  const tallest = Math.max(...counts);

  return (
    <div className={styles.histogram}>
      <div className={styles.chart}>
        <HalfStar />
        <ol className={styles.bars} aria-label="Ratings by stars">
          {counts.map((count, index) => {
            const label = `${ratingsText(count)} of ${starsLabel(index + 1)}`;
            return (
              <li key={index} className={styles.slot} title={label}>
                <span className={styles.bar} style={{ height: `${tallest > 0 ? (count / tallest) * 100 : 0}%` }} />
                <span className={styles.label}>{label}</span>
              </li>
            );
          })}
        </ol>
        <span className={styles.edge} aria-hidden="true">
          <RatingStars value={RATING.max} size="xs" />
        </span>
      </div>
      <p className={styles.summary}>
        {rating.average !== null && rating.count > 0 ? (
          <>
            <span aria-hidden="true">
              <RatingStars value={rating.average} size="sm" />
            </span>
            <span className={styles.average}>
              <span className={styles.label}>Average </span>
              {(rating.average / 2).toFixed(1)}
              <span className={styles.label}> out of 5</span>
            </span>
            <span className={styles.count}>{ratingsText(rating.count)}</span>
          </>
        ) : (
          <span className={styles.count}>No ratings yet</span>
        )}
      </p>
    </div>
  );
}

/** The left end of the scale: half a star, the lowest rating. */
function HalfStar() {
  return (
    <svg className={styles.edge} width={RATING.iconSizes.xs} height={RATING.iconSizes.xs} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 2 9.1 8.3l-6.9.8 5.1 4.7-1.4 6.8 6.1-3.3z" fill="var(--star)" />
    </svg>
  );
}
