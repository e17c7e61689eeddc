import { PRODUCT } from '@vgl/shared';
import { Link } from 'react-router';
import styles from './Footer.module.css';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div>
          <Link to="/" className={styles.brand}>
            VGL
          </Link>
          <p className={styles.tagline}>{PRODUCT.tagline}</p>
        </div>
        <p className={styles.attribution}>
          Game data provided by{' '}
          <a href={PRODUCT.gamesDatabase.url} rel="noopener noreferrer" target="_blank">
            {PRODUCT.gamesDatabase.name}
          </a>
          .
        </p>
        <p className={styles.links}>
          <a href={PRODUCT.communityUrl} rel="noopener noreferrer" target="_blank">
            Join the community chat
          </a>
          {/* The API reference is served by the server, not a page of the app: a plain link. */}
          <a href="/api/docs">API</a>
        </p>
      </div>
    </footer>
  );
}
