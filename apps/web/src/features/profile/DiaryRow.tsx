import type { DiaryEntry } from '@vgl/shared';
import { Link } from 'react-router';
import { GameCover } from '../../components/GameCover';
import { RatingStars } from '../../components/RatingStars';
import { formatLongDay } from './dates';
import { DIARY_EVENT_LABELS, formatHours } from './diaryMonths';
import { reviewPath } from './profilePaths';
import styles from './diary.module.css';

interface DiaryRowProps {
  entry: DiaryEntry;
  username: string;
  /** Shown to the owner only; undefined hides the Delete button. */
  onDelete?: (entry: DiaryEntry) => void;
  deleting?: boolean;
}

/** One logged play: day, cover, game, event, replay, stars, hours, note. */
export function DiaryRow({ entry, username, onDelete, deleting = false }: DiaryRowProps) {
  const day = Number(entry.playedOn.slice(8, 10));
  return (
    <li className={styles.row}>
      <time className={styles.day} dateTime={entry.playedOn} title={formatLongDay(entry.playedOn)}>
        {day}
      </time>
      <Link to={`/games/${entry.game.slug}`} className={styles.cover} tabIndex={-1} aria-hidden="true">
        <GameCover name={entry.game.name} cover={entry.game.cover} decorative />
      </Link>
      <div className={styles.body}>
        <p className={styles.title}>
          <Link to={`/games/${entry.game.slug}`} className={styles.game}>
            {entry.game.name}
          </Link>
          <span className={styles.event}>{DIARY_EVENT_LABELS[entry.event]}</span>
          {entry.replay && <span className={styles.replay}>Replay</span>}
        </p>
        <p className={styles.meta}>
          {entry.rating !== null && <RatingStars value={entry.rating} size="md" />}
          {entry.hours !== null && <span>{formatHours(entry.hours)}</span>}
          {entry.reviewSlug && <Link to={reviewPath(username, entry.reviewSlug)}>Review</Link>}
        </p>
        {entry.note && <p className={styles.note}>{entry.note}</p>}
      </div>
      {onDelete && (
        <button type="button" className={`button button-ghost button-small ${styles.delete}`} disabled={deleting} onClick={() => onDelete(entry)}>
          Delete<span className={styles.visuallyHidden}> the entry for {entry.game.name} on {formatLongDay(entry.playedOn)}</span>
        </button>
      )}
    </li>
  );
}
