import { PRODUCT, type CatalogAttribution } from '@vgl/shared';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { useHome } from '../landing/homeApi';
import styles from './Footer.module.css';

/** "IGDB", "MAME’s software lists (CC0)", each a link to where the data comes from. */
function Credit({ source }: { source: CatalogAttribution }) {
  return (
    <>
      <a href={source.url} rel="noopener noreferrer" target="_blank">
        {source.name}
      </a>
      {source.license ? ` (${source.license})` : ''}
    </>
  );
}

/**
 * Credits the games database the catalog loaded comes from (GET /api/home
 * says which: IGDB, MAME's software lists, or both), links the operator's
 * community chat when the server has one (COMMUNITY_URL, in the same answer)
 * and the API reference.
 */
export function Footer() {
  const home = useHome().data;
  const credits = home?.catalog?.attribution;
  const communityUrl = home?.communityUrl;
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
          {credits && credits.length > 0 && (
            <>
              Game data provided by{' '}
              {credits.map((source, i) => (
                <Fragment key={source.name}>
                  {i > 0 && (i === credits.length - 1 ? ' and ' : ', ')}
                  <Credit source={source} />
                </Fragment>
              ))}
              .
            </>
          )}
        </p>
        <p className={styles.links}>
          {communityUrl && (
            <a href={communityUrl} rel="noopener noreferrer" target="_blank">
              Join the community chat
            </a>
          )}
          <Link to="/members">Members</Link>
          {/* The API reference is served by the server, not a page of the app: a plain link. */}
          <a href="/api/docs">API</a>
        </p>
      </div>
    </footer>
  );
}
