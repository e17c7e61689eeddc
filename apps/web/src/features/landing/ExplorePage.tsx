import { lazy, Suspense, useDeferredValue } from 'react';
import { usePageMeta } from '../../lib/pageMeta';
import { FirstSteps } from '../onboarding/FirstSteps';
import { DiscoverSection } from './DiscoverSection';
import { HomeLoadError } from './HomeLoadError';
import { BrowseSection, PopularReviewsSection, TrendingSection, UpcomingSection } from './HomeSections';
import styles from './HomePage.module.css';
import { useHome } from './homeApi';

// Lists are fetched on their own, after the rest of Explore: their own chunk.
const ExploreLists = lazy(() => import('../lists/ExploreLists').then((m) => ({ default: m.ExploreLists })));

/** "/" for members (SPEC §2): what is trending, talked about, coming and featured, then the whole catalog. */
export function ExplorePage() {
  usePageMeta({ title: 'Explore' });
  const home = useHome();
  // The sections render from a deferred copy: React builds them in slices
  // between other work instead of one long task when the answer arrives.
  const data = useDeferredValue(home.data);
  const loading = !data && !home.isError;
  return (
    <>
      <header className={styles.exploreHeader}>
        <h1 className={styles.exploreTitle}>Explore</h1>
        <p className={styles.exploreIntro}>
          What players are adding this week, the reviews people are talking about, what comes out next, and something new to
          try today.
        </p>
      </header>
      <FirstSteps />
      {home.isError && <HomeLoadError onRetry={() => void home.refetch()} />}
      <TrendingSection games={data?.trending} loading={loading} aboveFold />
      <PopularReviewsSection reviews={data?.reviews} platformNames={data?.platformNames} />
      <Suspense fallback={null}>{data && <ExploreLists />}</Suspense>
      <UpcomingSection games={data?.upcoming} loading={loading} catalog={data?.catalog} />
      {data && <DiscoverSection platformOfTheDay={data.platformOfTheDay} selectionOfTheDay={data.selectionOfTheDay} />}
      <BrowseSection games={data?.browse} loading={loading} />
    </>
  );
}
