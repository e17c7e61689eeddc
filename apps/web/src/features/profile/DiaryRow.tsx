import { formatMinutes, type DiaryEntry } from '@vgl/shared';
import type { ReactNode } from 'react';
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
  /** The owner's Edit and Delete buttons; undefined hides them. */
  actions?: { onEdit: () => void; onDelete: () => void; busy: boolean };
  /** Shown under the row, across it: the owner's delete question. */
  below?: ReactNode;
}

/** The ids of a row's buttons, so focus can come back to them after the form or the question in their place. */
export const diaryButtonId = (entry: Pick<DiaryEntry, 'id'>, action: 'edit' | 'delete') => `diary-${action}-${entry.id}`;

/** Where the replay flag shows: "Replay 2" when the session belongs to that replay (its play's number), "Replay" before plays had numbers. */
const replayLabel = (entry: Pick<DiaryEntry, 'replay' | 'playNumber'>) =>
  entry.playNumber !== undefined && entry.playNumber > 1 ? `Replay ${entry.playNumber}` : entry.replay ? 'Replay' : null;

/** One logged play: day, cover, game, event, replay, stars, time, platform, note. */
export function DiaryRow({ entry, username, actions, below }: DiaryRowProps) {
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
          {replayLabel(entry) && <span className={styles.replay}>{replayLabel(entry)}</span>}
        </p>
        <p className={styles.meta}>
          {entry.rating !== null && <RatingStars value={entry.rating} size="md" />}
          {entry.minutes !== null ? <span>{formatMinutes(entry.minutes)}</span> : entry.hours !== null && <span>{formatHours(entry.hours)}</span>}
          {entry.platform && <span>{entry.platform.name}</span>}
          {entry.reviewSlug && <Link to={reviewPath(username, entry.reviewSlug)}>Review</Link>}
        </p>
        {entry.note && <p className={styles.note}>{entry.note}</p>}
      </div>
      {actions && (
        <div className={styles.actions}>
          <button id={diaryButtonId(entry, 'edit')} type="button" className="button button-ghost button-small" disabled={actions.busy} onClick={actions.onEdit}>
            Edit<span className={styles.visuallyHidden}> the entry for {entry.game.name} on {formatLongDay(entry.playedOn)}</span>
          </button>
          <button
            id={diaryButtonId(entry, 'delete')}
            type="button"
            className={`button button-ghost button-small ${styles.delete}`}
            disabled={actions.busy}
            onClick={actions.onDelete}
          >
            Delete<span className={styles.visuallyHidden}> the entry for {entry.game.name} on {formatLongDay(entry.playedOn)}</span>
          </button>
        </div>
      )}
      {below && <div className={styles.below}>{below}</div>}
    </li>
  );
}
