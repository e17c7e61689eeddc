import type { ReviewEntry } from '@vgl/shared';
import { GamesGrid } from '../../components/GamesGrid';
import { ReviewCard } from '../../components/review/ReviewCard';
import type { GameCard } from '../catalog/catalogApi';
import { upcomingEmptyNote } from '../catalog/upcomingNote';
import { HomeSection } from './HomeSection';
import type { CatalogFacts } from './homeApi';
import styles from './HomeSections.module.css';

interface TeaserProps {
  games: GameCard[] | undefined;
  loading: boolean;
  /** Only a grid in the first screen loads its covers eagerly. */
  aboveFold?: boolean;
}

/** Six games in one row on wide screens, three on phones (SPEC §9: teaser lists of 6). */
function TeaserGrid({ games, loading, aboveFold = false }: TeaserProps) {
  return (
    <div className={styles.teaser}>
      <GamesGrid games={games} loading={loading} priorityCount={aboveFold ? 6 : 0} />
    </div>
  );
}

export const TrendingSection = (props: TeaserProps) => (
  <HomeSection title="Trending" seeAll={{ to: '/trending', what: 'trending games' }} offscreen={!props.aboveFold}>
    <TeaserGrid {...props} />
  </HomeSection>
);

/** SPEC §2's Upcoming Releases; when the catalog knows no release ahead, one line says why instead of "Nothing found.". */
export const UpcomingSection = ({ catalog, ...props }: TeaserProps & { catalog?: CatalogFacts }) => (
  <HomeSection title="Upcoming Releases" seeAll={{ to: '/upcoming', what: 'upcoming releases' }} offscreen>
    {!props.loading && props.games?.length === 0 ? <p className={styles.emptyNote}>{upcomingEmptyNote(catalog)}</p> : <TeaserGrid {...props} />}
  </HomeSection>
);

export const BrowseSection = (props: TeaserProps) => (
  <HomeSection title="Browse All Games" seeAll={{ to: '/games', what: 'games' }} offscreen>
    <TeaserGrid {...props} />
  </HomeSection>
);

/**
 * Up to two reviews, featured first (SPEC §7); the section is left out when there are none.
 * platformNames: from the same /api/home answer, so the cards need no call of their own.
 */
export function PopularReviewsSection({ reviews, platformNames }: { reviews: ReviewEntry[] | undefined; platformNames?: Record<string, string> | undefined }) {
  if (!reviews || reviews.length === 0) return null;
  return (
    <HomeSection title="Popular Reviews">
      <ul className={styles.reviews}>
        {reviews.slice(0, 2).map((entry) => (
          <li key={entry._id}>
            <ReviewCard entry={entry} platformNames={platformNames} />
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
