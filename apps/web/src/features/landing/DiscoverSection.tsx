import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { GameCover } from '../../components/GameCover';
import type { GameCard } from '../catalog/catalogApi';
import { HomeSection } from './HomeSection';
import styles from './DiscoverSection.module.css';
import type { HomeData } from './homeApi';

/** Covers shown on each Discover card. */
const DISCOVER_COVERS = 4;

interface DiscoverCardProps {
  kicker: string;
  name: string;
  to: string;
  details: ReactNode;
  games: GameCard[];
}

function DiscoverCard({ kicker, name, to, details, games }: DiscoverCardProps) {
  return (
    <article className={styles.card}>
      <p className={styles.kicker}>{kicker}</p>
      <h3 className={styles.name}>
        <Link to={to}>{name}</Link>
      </h3>
      <div className={styles.details}>{details}</div>
      {games.length > 0 && (
        <ul className={styles.covers} aria-label={`Games from ${name}`}>
          {games.slice(0, DISCOVER_COVERS).map((game) => (
            <li key={game.id}>
              <Link to={`/games/${game.slug}`} className={styles.cover}>
                <GameCover name={game.name} cover={game.cover} platform={game.platform} decorative />
                <span className={styles.gameName}>{game.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

const gamesCount = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'game' : 'games'}`;

/** Discover: the Platform of the Day and the Featured Selection, each picked by the server for the day. */
export function DiscoverSection({ platformOfTheDay, selectionOfTheDay }: Pick<HomeData, 'platformOfTheDay' | 'selectionOfTheDay'>) {
  if (!platformOfTheDay && !selectionOfTheDay) return null;
  return (
    <HomeSection title="Discover">
      <div className={styles.cards}>
        {platformOfTheDay && (
          <DiscoverCard
            kicker="Platform of the Day"
            name={platformOfTheDay.platform.name}
            to={`/platforms/${platformOfTheDay.platform.slug}`}
            details={
              <p>
                {[platformOfTheDay.platform.alternative_name, gamesCount(platformOfTheDay.platform.games_count)].filter(Boolean).join(' · ')}
              </p>
            }
            games={platformOfTheDay.games}
          />
        )}
        {selectionOfTheDay && (
          <DiscoverCard
            kicker="Featured Selection"
            name={selectionOfTheDay.selection.name}
            to={`/selections/${selectionOfTheDay.selection.slug}`}
            details={selectionOfTheDay.selection.description && <p>{selectionOfTheDay.selection.description}</p>}
            games={selectionOfTheDay.games}
          />
        )}
      </div>
    </HomeSection>
  );
}
