import { PRODUCT } from '@vgl/shared';
import { useDeferredValue } from 'react';
import { usePageMeta } from '../../lib/pageMeta';
import { DiscoverSection } from './DiscoverSection';
import { FeatureCards } from './FeatureCards';
import { HeroCarousels } from './HeroCarousels';
import { HomeLoadError } from './HomeLoadError';
import { PopularReviewsSection, TrendingSection, UpcomingSection } from './HomeSections';
import styles from './HomePage.module.css';
import { useHome } from './homeApi';
import { SignUpLink } from '../auth/SignUpLink';

/** "/" for visitors (SPEC §2): headline, Join Now, cover strips, the six features, then a taste of the catalog. */
export function LandingPage() {
  usePageMeta();
  const home = useHome();
  // The sections render from a deferred copy: React builds them in slices
  // between other work instead of one long task when the answer arrives.
  const data = useDeferredValue(home.data);
  const loading = !data && !home.isError;
  return (
    <>
      <section className={styles.hero} aria-labelledby="landing-headline">
        <div className={styles.heroText}>
          <h1 id="landing-headline" className={styles.headline}>
            {PRODUCT.tagline}
          </h1>
          <p className={styles.lead}>
            Keep a library of every game you play, rate them on a five-star scale, write reviews and see what your friends are
            playing.
          </p>
          <SignUpLink className="button button-primary button-large">Join Now</SignUpLink>
        </div>
      </section>
      <HeroCarousels data={data} />
      <FeatureCards catalog={data?.catalog} />
      {home.isError && <HomeLoadError onRetry={() => void home.refetch()} />}
      <TrendingSection games={data?.trending} loading={loading} />
      <PopularReviewsSection reviews={data?.reviews} platformNames={data?.platformNames} />
      {data && <DiscoverSection platformOfTheDay={data.platformOfTheDay} selectionOfTheDay={data.selectionOfTheDay} />}
      <UpcomingSection games={data?.upcoming} loading={loading} catalog={data?.catalog} />
    </>
  );
}
