import { useState } from 'react';
import type { GameCard } from '../catalog/catalogApi';
import { CoverCarousel } from './CoverCarousel';
import styles from './HeroCarousels.module.css';
import type { HomeData } from './homeApi';

/** Covers per strip: two teaser lists' worth, enough for a varied loop without a heavy page. */
const STRIP_SIZE = 12;

/** Each game once per strip, in the order the lists give them. */
function uniqueGames(...lists: (GameCard[] | undefined)[]): GameCard[] {
  const seen = new Set<number>();
  return lists
    .flatMap((list) => list ?? [])
    .filter((game) => !seen.has(game.id) && seen.add(game.id))
    .slice(0, STRIP_SIZE);
}

interface CarouselRow {
  label: string;
  games: GameCard[];
}

/** The landing page's two strips: what is popular now, and what is coming or featured today. */
export function carouselRows(data: HomeData | undefined): CarouselRow[] {
  return [
    { label: 'Popular games', games: uniqueGames(data?.trending, data?.browse) },
    { label: 'Upcoming and featured games', games: uniqueGames(data?.upcoming, data?.platformOfTheDay?.games, data?.selectionOfTheDay?.games) },
  ];
}

/**
 * The drifting cover strips under the landing headline. While /api/home is
 * on its way the strips keep their height, so nothing below them jumps.
 * A button stops the motion for good (WCAG 2.2.2), besides the pause on
 * hover and focus.
 */
export function HeroCarousels({ data }: { data: HomeData | undefined }) {
  const [paused, setPaused] = useState(false);
  const rows = carouselRows(data);
  const anyGames = rows.some((row) => row.games.length > 0);
  return (
    <section className={styles.carousels} aria-label="Games on VGL" data-paused={paused || undefined}>
      {rows.map((row, index) => (
        <CoverCarousel key={row.label} games={row.games} label={row.label} reverse={index % 2 === 1} priority={index === 0} />
      ))}
      {anyGames && (
        <button type="button" className={`button button-ghost button-small ${styles.pause}`} onClick={() => setPaused(!paused)}>
          {paused ? 'Play' : 'Pause'} moving covers
        </button>
      )}
    </section>
  );
}
