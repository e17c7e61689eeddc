import { SHARE_MESSAGES } from '@vgl/shared';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePageMeta } from '../../lib/pageMeta';
import { isNotFound } from '../catalog/isNotFound';
import { AddGameOffer } from '../submissions/AddGameOffer';
import { useGameByLink } from './shareApi';
import { searchTextOf, sharedUrl } from './sharedLink';
import styles from './share.module.css';

/**
 * /share: where Android's share sheet opens the installed app (manifest
 * share_target, GET with title, text and url). A link the catalog knows opens
 * its game's page in place of this one, so Back does not come here again;
 * otherwise the page says so and offers a search, and adding the game.
 */
export function SharePage() {
  usePageMeta({ title: 'Share to VGL' });
  const [params] = useSearchParams();
  const shared = { title: params.get('title') ?? '', text: params.get('text') ?? '', url: params.get('url') ?? '' };
  const url = sharedUrl(shared);
  const query = searchTextOf(shared);
  const game = useGameByLink(url);
  const navigate = useNavigate();
  const slug = game.data?.slug;

  useEffect(() => {
    if (slug) void navigate(`/games/${encodeURIComponent(slug)}`, { replace: true });
  }, [slug, navigate]);

  const unmatched = url === null || isNotFound(game.error);
  return (
    <div className={styles.page}>
      <h1>Share to VGL</h1>
      {url && (game.isPending || slug) && <p role="status">Looking for this game…</p>}
      {game.isError && !isNotFound(game.error) && (
        <p role="alert" className={styles.hint}>
          The link could not be checked. Try again in a moment.
        </p>
      )}
      {unmatched && (
        <>
          <p role="status">{url ? SHARE_MESSAGES.noMatch : SHARE_MESSAGES.nothingShared}</p>
          {url && <p className={styles.link}>{url}</p>}
          {query && (
            <>
              <p>
                <Link className="button button-primary" to={`/search?q=${encodeURIComponent(query)}`}>
                  Search for “{query}”
                </Link>
              </p>
              <AddGameOffer query={query} />
            </>
          )}
        </>
      )}
    </div>
  );
}
