import { PLAY_STATUS_LABELS, formatReleaseDate, type LibraryGame } from '@vgl/shared';
import { Link } from 'react-router';
import { GameCover } from '../../components/GameCover';
import { RatingStars } from '../../components/RatingStars';
import styles from './library.module.css';

/**
 * A user's games: the games grid of SPEC §2 (cover, rating, release date,
 * name) where the rating is the user's own, plus their play status.
 */
export function LibraryGrid({ games, loading = false }: { games: LibraryGame[]; loading?: boolean }) {
  return (
    <ul className={styles.grid} aria-busy={loading}>
      {games.map((game, index) => (
        <li key={game.id} className={styles.card}>
          <Link to={`/games/${game.slug}`} className={styles.link}>
            <GameCover name={game.name} cover={game.cover} platform={game.platform} priority={index < 6} decorative />
            <span className={styles.name}>{game.name}</span>
          </Link>
          <span className={styles.meta}>
            <span>{formatReleaseDate(game.first_release_date, game.release_year, 'short')}</span>
            {game.rating !== null && <RatingStars value={game.rating} size="sm" />}
          </span>
          {game.status !== null && <span className={styles.status}>{PLAY_STATUS_LABELS[game.status]}</span>}
        </li>
      ))}
    </ul>
  );
}
