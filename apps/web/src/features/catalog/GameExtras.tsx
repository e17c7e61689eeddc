import { WEBSITE_LABELS, formatReleaseDate, type GamePageDetails, type GameVersionCard, type TimeToBeat as TimeToBeatData, type VersionRelation } from '@vgl/shared';
import { Link } from 'react-router';
import { GamesGrid } from '../../components/GamesGrid';
import styles from './gameExtras.module.css';

/** Seconds as the page says them: "45 min", "3 h", "12.5 h". */
export function formatPlayTime(seconds: number): string {
  if (seconds < 3600) return `${Math.max(1, Math.round(seconds / 60))} min`;
  const hours = Math.round(seconds / 360) / 10;
  return `${hours >= 20 ? Math.round(hours) : hours} h`;
}

/** IGDB's region codes as words: "north_america" → "North America". */
export const regionName = (region: string) => region.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');

const RELATION_LABELS: Record<VersionRelation, string> = {
  original: 'Original',
  remake: 'Remake',
  remaster: 'Remaster',
  port: 'Port',
  expanded: 'Expanded edition',
  standalone: 'Standalone expansion',
  fork: 'Fork',
};

/** The rows the game page's facts gain from IGDB: modes, perspectives, franchise, series, age ratings. */
export function ExtraFacts({ game }: { game: GamePageDetails }) {
  const rows: [string, string][] = [
    ['Modes', game.modes.join(' · ')],
    ['Perspective', game.perspectives.join(' · ')],
    ['Franchise', game.franchises.map((f) => f.name).join(' · ')],
    ['Series', game.series.map((s) => s.name).join(' · ')],
    ['Age rating', game.age_ratings.map((a) => `${a.organization} ${a.rating}`).join(' · ')],
  ];
  return (
    <>
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className={styles.factRow}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </>
  );
}

function TimeToBeat({ time }: { time: TimeToBeatData }) {
  const styles_: [string, number | null][] = [
    ['Hastily', time.hastily],
    ['Normally', time.normally],
    ['Completely', time.completely],
  ];
  return (
    <section className={styles.panel} aria-labelledby="game-ttb">
      <h2 id="game-ttb">Time to beat</h2>
      <dl className={styles.ttb}>
        {styles_
          .filter(([, s]) => s !== null)
          .map(([label, s]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{formatPlayTime(s!)}</dd>
            </div>
          ))}
      </dl>
      <p className={styles.note}>From {time.count.toLocaleString('en-US')} players’ reports on IGDB.</p>
    </section>
  );
}

/** Outside links, named by what they are; never followed for search engines' sake. */
function WebsiteLinks({ websites, className }: { websites: GamePageDetails['websites']; className: string | undefined }) {
  return (
    <ul className={className}>
      {websites.map((w) => (
        <li key={w.url}>
          <a href={w.url} target="_blank" rel="noopener noreferrer nofollow">
            {w.label ?? WEBSITE_LABELS[w.kind]}
          </a>
        </li>
      ))}
    </ul>
  );
}

function WhereToPlay({ websites }: { websites: GamePageDetails['websites'] }) {
  const stores = websites.filter((w) => w.store);
  const links = websites.filter((w) => !w.store);
  return (
    <section className={styles.panel} aria-labelledby="game-where">
      <h2 id="game-where">Where to play</h2>
      {stores.length > 0 ? <WebsiteLinks websites={stores} className={styles.stores} /> : <p className={styles.note}>No store links are known.</p>}
      {links.length > 0 && <WebsiteLinks websites={links} className={styles.links} />}
    </section>
  );
}

/** Time to beat and where to play, side by side; nothing when IGDB knows neither. */
export function PlayFacts({ game }: { game: GamePageDetails }) {
  if (!game.time_to_beat && game.websites.length === 0) return null;
  return (
    <div className={styles.panels}>
      {game.time_to_beat && <TimeToBeat time={game.time_to_beat} />}
      {game.websites.length > 0 && <WhereToPlay websites={game.websites} />}
    </div>
  );
}

export function Storyline({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <details className={styles.storyline}>
      <summary>Storyline</summary>
      <p>{text}</p>
    </details>
  );
}

export function ReleaseDates({ releases }: { releases: GamePageDetails['releases'] }) {
  if (releases.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="game-releases">
      <h2 id="game-releases">Release dates</h2>
      <table className={styles.releases}>
        <thead>
          <tr>
            <th scope="col">Platform</th>
            <th scope="col">Region</th>
            <th scope="col">Date</th>
          </tr>
        </thead>
        <tbody>
          {releases.map((r, i) => (
            <tr key={`${r.platform}-${r.region}-${i}`}>
              <td>{r.platform_slug ? <Link to={`/platforms/${r.platform_slug}`}>{r.platform}</Link> : r.platform}</td>
              <td>{r.region ? regionName(r.region) : '—'}</td>
              <td>{r.date !== null ? formatReleaseDate(r.date, null, 'short') : 'To be announced'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Its original, and its remakes, remasters and ports: games of their own, each with its page. */
export function GameVersions({ versions }: { versions: GameVersionCard[] }) {
  if (versions.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="game-versions">
      <h2 id="game-versions">Other versions</h2>
      <GamesGrid games={versions} badge={(g) => RELATION_LABELS[g.relation]} priorityCount={0} />
    </section>
  );
}

export function SimilarGames({ games }: { games: GamePageDetails['similar'] }) {
  if (games.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="game-similar">
      <h2 id="game-similar">Similar games</h2>
      <GamesGrid games={games} priorityCount={0} />
    </section>
  );
}
