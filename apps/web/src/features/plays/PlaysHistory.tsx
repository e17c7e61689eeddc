import type { Play } from '@vgl/shared';
import { Link } from 'react-router';
import { RatingStars } from '../../components/RatingStars';
import { playDates, playedTimes, playLabel } from './playLabels';
import { usePlays } from './playsApi';
import styles from './plays.module.css';

interface PlaysHistoryProps {
  username: string;
  gameSlug: string;
  /** The play this page shows (not linked to itself); undefined on the main review, which is the first play's. */
  currentPlayId?: number;
}

/**
 * Beside a member's review, read-only: how many times they played the game,
 * and each play with a link to its review. Nothing when they played it once,
 * or when the reader may not see their library.
 */
export function PlaysHistory({ username, gameSlug, currentPlayId }: PlaysHistoryProps) {
  const plays = usePlays(username, gameSlug);
  if (!plays.data || plays.data.length < 2) return null;
  const current = currentPlayId ?? plays.data.find((play) => !play.replay)?.id;
  return (
    <section className={styles.history} aria-labelledby="plays-history">
      <h2 id="plays-history">{playedTimes(plays.data.length)}</h2>
      <ol className={styles.historyList}>
        {plays.data.map((play) => (
          <HistoryRow key={play.id} play={play} current={play.id === current} />
        ))}
      </ol>
    </section>
  );
}

function HistoryRow({ play, current }: { play: Play; current: boolean }) {
  return (
    <li aria-current={current ? 'page' : undefined}>
      <strong>{playLabel(play)}</strong>
      <span>{playDates(play)}</span>
      {play.rating !== null && <RatingStars value={play.rating} size="sm" />}
      {play.reviewPath && !current && <Link to={play.reviewPath}>{play.replay ? `Review of ${playLabel(play).toLowerCase()}` : 'Main review'}</Link>}
      {current && <span>(this review)</span>}
    </li>
  );
}

/** Where the member's main review of the game is read: the first play's review, when it has one. */
export function useMainReviewPath(username: string, gameSlug: string): string | null {
  const plays = usePlays(username, gameSlug);
  return plays.data?.find((play) => !play.replay)?.reviewPath ?? null;
}
