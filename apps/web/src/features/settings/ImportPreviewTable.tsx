import { PLAY_STATUS_LABELS, ratingToStars, type PlayStatus } from '@vgl/shared';
import { useId, useState } from 'react';
import { RatingStars } from '../../components/RatingStars';
import styles from './DataSettingsPage.module.css';
import type { ImportPreviewRow } from './dataApi';
import { ImportRowGame, type LinePick, type LinePicks } from './ImportRowGame';

/** A preview holds up to 2,000 rows; the page draws this many at a time. */
const SHOWN = 200;

const n = (value: number) => value.toLocaleString('en-US');
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const statusLabel = (status: number | null) => (status === null ? '—' : (PLAY_STATUS_LABELS[status as PlayStatus] ?? String(status)));
/** Not found and flagged rows: left out unless the member picks a game. */
export const needsLook = (row: ImportPreviewRow) => !row.match;

/** Library rows: the play status; play rows: which play; diary rows: what happened on which day. */
function RowStatus({ row }: { row: ImportPreviewRow }) {
  if (row.kind === 'library') return <>{statusLabel(row.status)}</>;
  if (row.kind === 'play') return <>{[row.play === 1 ? 'First play' : `Replay ${row.play ?? ''}`.trim(), row.playedOn].filter(Boolean).join(' · ')}</>;
  return <>{[row.event ? capitalized(row.event) : null, row.playedOn].filter(Boolean).join(' ') || '—'}</>;
}

/** Stars, and the file's own rating when half stars could not hold it exactly. */
function RowRating({ row }: { row: ImportPreviewRow }) {
  if (row.rating === null) return <>—</>;
  return (
    <span className={styles.rating}>
      <span aria-hidden="true">
        <RatingStars value={row.rating} size="md" />
      </span>
      <span>
        {ratingToStars(row.rating)} / 5{row.ratingNote ? ` (${row.ratingNote}, rounded)` : ''}
      </span>
    </span>
  );
}

interface ImportPreviewTableProps {
  rows: ImportPreviewRow[];
  picks: LinePicks;
  onPick: (line: number, pick: LinePick) => void;
}

/** The rows of an import preview: what each one says, which game it matched, and the member's picks for the rest. */
export function ImportPreviewTable({ rows, picks, onPick }: ImportPreviewTableProps) {
  const id = useId();
  const [onlyNeedingLook, setOnlyNeedingLook] = useState(false);
  const [limit, setLimit] = useState(SHOWN);
  if (rows.length === 0) return null;
  const filtered = onlyNeedingLook ? rows.filter(needsLook) : rows;
  const shown = filtered.slice(0, limit);
  return (
    <>
      <div className={styles.checkbox}>
        <input id={`${id}-look`} type="checkbox" checked={onlyNeedingLook} onChange={(event) => setOnlyNeedingLook(event.target.checked)} />
        <label htmlFor={`${id}-look`}>Show only rows that need a look</label>
      </div>
      <div className={styles.tableWrap} role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
        <table className={styles.table}>
          <caption id={`${id}-caption`}>
            Rows of the file{filtered.length > shown.length ? ` (the first ${n(shown.length)} of ${n(filtered.length)})` : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Title</th>
              <th scope="col">Kind</th>
              <th scope="col">Status</th>
              <th scope="col">Rating</th>
              <th scope="col">Hours</th>
              <th scope="col">Platforms</th>
              <th scope="col">Game</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row, index) => (
              <tr key={`${row.line}-${index}`} data-needs-look={needsLook(row) ? true : undefined}>
                <td>{row.line}</td>
                <td className={styles.titleCell}>
                  {row.title}
                  {row.year ? ` (${row.year})` : ''}
                </td>
                <td>{capitalized(row.kind)}</td>
                <td className={styles.wraps}>
                  <RowStatus row={row} />
                </td>
                <td className={styles.wraps}>
                  <RowRating row={row} />
                </td>
                <td>{row.hours === null ? '—' : n(Math.round(row.hours * 10) / 10)}</td>
                <td className={styles.wraps}>{row.platforms.length > 0 ? row.platforms.join(', ') : '—'}</td>
                <td className={styles.gameCell}>
                  <ImportRowGame row={row} pick={picks.has(row.line) ? picks.get(row.line) : undefined} onPick={(pick) => onPick(row.line, pick)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {filtered.length > shown.length && (
        <button type="button" className="button button-ghost button-small" onClick={() => setLimit((l) => l + SHOWN)}>
          Show more rows
        </button>
      )}
    </>
  );
}
