import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { GameCover } from '../../components/GameCover';
import type { GameCard } from '../catalog/catalogApi';
import styles from './CoverCarousel.module.css';

/** Enough covers in one pass that a second pass always fills the widest strip (12 × 8.25rem ≈ 1580 px). */
const MIN_COVERS_PER_PASS = 12;
/** Seconds per cover: a slow drift, not a ticker. */
const SECONDS_PER_COVER = 4;

interface CoverCarouselProps {
  games: GameCard[];
  /** Names the strip for screen readers, e.g. "Trending games". */
  label: string;
  reverse?: boolean;
  /** Eager covers for a strip in the first screen. */
  priority?: boolean;
}

/**
 * One strip of covers drifting sideways in an endless loop. The real list
 * comes first; the copies that make the loop seamless are hidden from
 * screen readers and out of the tab order. The stylesheet pauses the drift
 * on hover and focus, and drops it (a plain scrollable row, no copies)
 * under prefers-reduced-motion.
 */
export function CoverCarousel({ games, label, reverse = false, priority = false }: CoverCarouselProps) {
  // Before the games arrive: an empty strip of the final height, so nothing below it moves.
  if (games.length === 0) return <div className={styles.viewport} aria-hidden="true" />;
  const passes = 1 + Math.max(1, Math.ceil(MIN_COVERS_PER_PASS / games.length));
  const style = { '--passes': passes, '--duration': `${games.length * SECONDS_PER_COVER}s` } as CSSProperties;
  return (
    <div className={styles.viewport} data-reverse={reverse || undefined}>
      <div className={styles.track} style={style}>
        <ul className={styles.pass} aria-label={label}>
          {games.map((game) => (
            <li key={game.id} className={styles.item}>
              <Link to={`/games/${game.slug}`} className={styles.link}>
                <GameCover name={game.name} cover={game.cover} platform={game.platform} priority={priority} decorative />
                <span className={styles.name}>{game.name}</span>
              </Link>
            </li>
          ))}
        </ul>
        {Array.from({ length: passes - 1 }, (_, pass) => (
          <ul key={pass} className={`${styles.pass} ${styles.copy}`} aria-hidden="true" inert>
            {games.map((game) => (
              <li key={game.id} className={styles.item}>
                <Link to={`/games/${game.slug}`} className={styles.link} tabIndex={-1}>
                  <GameCover name={game.name} cover={game.cover} platform={game.platform} decorative />
                </Link>
              </li>
            ))}
          </ul>
        ))}
      </div>
    </div>
  );
}
