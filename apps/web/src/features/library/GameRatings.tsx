import type { CommunityRating } from '@vgl/shared';
import { RatingHistogram } from '../../components/RatingHistogram';
import styles from './library.module.css';

/** The game page's "Ratings" section: VGL members' ratings, shown once there is one. */
export function GameRatings({ community }: { community: CommunityRating | null | undefined }) {
  if (!community || community.count === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="game-ratings">
      <h2 id="game-ratings">Ratings</h2>
      <RatingHistogram rating={community} />
    </section>
  );
}
