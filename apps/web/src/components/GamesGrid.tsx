import { MESSAGES, formatReleaseDate, ratingToTen } from '@vgl/shared';
import { Link } from 'react-router';
import type { GameCard } from '../features/catalog/catalogApi';
import { GameCover } from './GameCover';
import styles from './GamesGrid.module.css';
import { RatingStars } from './RatingStars';

/** The games grid of SPEC §2: cover, rating, release date, name; "Nothing found." when empty. */
interface GamesGridProps {
  games: GameCard[] | undefined;
  loading?: boolean;
  /** On a platform's own list, placeholders name that platform rather than each game's best-known one. */
  platformName?: string;
}

export function GamesGrid({ games, loading = false, platformName }: GamesGridProps) {
  if (!games && loading) return <p className={styles.status} role="status">Loading games…</p>;
  if (!games || games.length === 0) return <p className={styles.status}>{MESSAGES.emptyList}</p>;
  return (
    <ul className={styles.grid} aria-busy={loading}>
      {games.map((game, index) => {
        const rating = ratingToTen(game.rating);
        return (
          <li key={game.id} className={styles.card}>
            <Link to={`/games/${game.slug}`} className={styles.link}>
              <GameCover name={game.name} cover={game.cover} platform={platformName ?? game.platform} priority={index < 6} decorative />
              <span className={styles.name}>{game.name}</span>
            </Link>
            <span className={styles.meta}>
              <span>{formatReleaseDate(game.first_release_date, game.release_year, 'short')}</span>
              {rating !== null && <RatingStars value={rating} size="sm" />}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
