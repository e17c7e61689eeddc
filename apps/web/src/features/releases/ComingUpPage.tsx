import { formatReleaseDate, RELEASE_MESSAGES, type ComingUpMonth } from '@vgl/shared';
import { Link, useParams } from 'react-router';
import { GameCover } from '../../components/GameCover';
import { usePageMeta } from '../../lib/pageMeta';
import { useAuth } from '../../stores/auth';
import { isNotFound } from '../catalog/isNotFound';
import { NotFoundPage } from '../errors/NotFoundPage';
import { profilePath } from '../profile/profilePaths';
import styles from './releases.module.css';
import { useComingUp } from './releasesApi';

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** "2027-03" → "March 2027". */
const monthTitle = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

function Month({ month, own }: { month: ComingUpMonth; own: boolean }) {
  return (
    <section className={styles.month} aria-label={monthTitle(month.month)}>
      <h2>{monthTitle(month.month)}</h2>
      <ul className={styles.games}>
        {month.games.map((game) => (
          <li key={game.slug} className={styles.game}>
            <span className={styles.cover}>
              <GameCover name={game.name} cover={game.cover} decorative />
            </span>
            <span className={styles.name}>
              <Link to={`/games/${game.slug}`}>{game.name}</Link>
              <span className={styles.shelf}>
                {game.wishlist ? 'Wishlist' : 'Backlog'}
                {game.platform && ` · on ${game.platform}`}
              </span>
              {/* The owner named their platforms and this game is not announced for any of them. */}
              {game.offPlatforms && <span className={styles.mark}>{own ? RELEASE_MESSAGES.notOnPlatforms : RELEASE_MESSAGES.notOnTheirPlatforms}</span>}
            </span>
            <time className={styles.date} dateTime={new Date(game.releaseDate * 1000).toISOString().slice(0, 10)}>
              {formatReleaseDate(game.releaseDate, null, 'short')}
            </time>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /u/{username}/coming-up, a tab of the profile: their wishlist and backlog games out lately or to come,
 * by month (read like their library); dated on their platforms when they named them.
 */
export function ComingUpPage() {
  const { username = '' } = useParams();
  const viewer = useAuth((s) => s.user?.username);
  const own = viewer?.toLowerCase() === username.toLowerCase();
  usePageMeta({ title: own ? 'Coming up' : `Coming up for ${username}` });
  const comingUp = useComingUp(username);

  if (isNotFound(comingUp.error)) return <NotFoundPage />;
  return (
    <div className={styles.page}>
      <h2>Coming up</h2>
      <p className={styles.hint}>
        {own ? 'Your' : <Link to={profilePath(username)}>{username}</Link>}
        {own ? '' : '’s'} wishlist and backlog by release date: what came out in the last 30 days and what is to come.
      </p>
      {comingUp.isPending && <p className={styles.hint}>Loading…</p>}
      {comingUp.isError && !isNotFound(comingUp.error) && <p className={styles.hint}>Coming up could not be loaded. Try again in a moment.</p>}
      {comingUp.data && comingUp.data.months.length === 0 && <p className={styles.hint}>{RELEASE_MESSAGES.emptyComingUp}</p>}
      {comingUp.data?.months.map((month) => <Month key={month.month} month={month} own={own} />)}
    </div>
  );
}
