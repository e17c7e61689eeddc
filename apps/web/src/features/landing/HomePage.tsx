import { PRODUCT } from '@vgl/shared';
import { Link } from 'react-router';
import { usePageMeta } from '../../lib/pageMeta';
import { useAuth } from '../../stores/auth';
import styles from './HomePage.module.css';

/**
 * "/" for visitors: the hero of the landing page. Its carousels and sections
 * (trending, reviews, discover, upcoming) arrive with the catalog; members
 * get the Explore page with the front-page issue.
 */
export function HomePage() {
  usePageMeta();
  // Members already have an account: the sign-up call to action is for visitors only.
  const isAuthenticated = useAuth((s) => s.isAuthenticated);
  return (
    <section className={styles.hero}>
      <div className={styles.heroText}>
        <h1 className={styles.headline}>{PRODUCT.tagline}</h1>
        <p className={styles.lead}>
          Keep a library of every game you play, rate them on a five-star scale, write reviews and see what your friends are
          playing.
        </p>
        {!isAuthenticated && (
          <Link to="/auth/register" className="button button-primary button-large">
            Join Now
          </Link>
        )}
      </div>
    </section>
  );
}
