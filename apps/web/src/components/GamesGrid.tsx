import { MESSAGES, formatReleaseDate, ratingToTen } from '@vgl/shared';
import { useContext } from 'react';
import { Link } from 'react-router';
import { GameCardActionContext } from './GameCardAction';
import { GameCover } from './GameCover';
import styles from './GamesGrid.module.css';
import { RatingStars } from './RatingStars';

/** What a grid card shows of a game. */
export interface GridGame {
  id: number;
  name: string;
  slug: string;
  cover: string | null;
  first_release_date: number | null;
  release_year: number | null;
  rating: number | null;
  platform: string | null;
}

/** The games grid of SPEC §2: cover, rating, release date, name; "Nothing found." when empty. */
interface GamesGridProps<G extends GridGame> {
  games: G[] | undefined;
  loading?: boolean;
  /** On a platform's own list, placeholders name that platform rather than each game's best-known one. */
  platformName?: string;
  /** "igdb": the catalog's 0–100 score; "ten": a member's own 0–10 rating (a library). */
  ratingScale?: 'igdb' | 'ten';
  /** A small label under the card, e.g. the play status in a library. */
  badge?: (game: G) => string | null;
  /** How many covers load eagerly: the first row of a grid at the top of a page; 0 for a grid further down. */
  priorityCount?: number;
}

export function GamesGrid<G extends GridGame>({ games, loading = false, platformName, ratingScale = 'igdb', badge, priorityCount = 6 }: GamesGridProps<G>) {
  const cardAction = useContext(GameCardActionContext);
  if (!games && loading) return <p className={styles.status} role="status">Loading games…</p>;
  if (!games || games.length === 0) return <p className={styles.status}>{MESSAGES.emptyList}</p>;
  return (
    <ul className={styles.grid} aria-busy={loading}>
      {games.map((game, index) => {
        const rating = ratingScale === 'ten' ? game.rating : ratingToTen(game.rating);
        const label = badge?.(game);
        return (
          <li key={game.id} className={styles.card}>
            <Link to={`/games/${game.slug}`} className={styles.link}>
              <GameCover name={game.name} cover={game.cover} platform={platformName ?? game.platform} priority={index < priorityCount} decorative />
              <span className={styles.name}>{game.name}</span>
            </Link>
            <span className={styles.meta}>
              <span>{formatReleaseDate(game.first_release_date, game.release_year, 'short')}</span>
              {rating !== null && <RatingStars value={rating} size="sm" />}
            </span>
            {label && <span className={styles.badge}>{label}</span>}
            {cardAction && <span className={styles.action}>{cardAction(game)}</span>}
          </li>
        );
      })}
    </ul>
  );
}
