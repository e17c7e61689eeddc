import { PLAY_STATUS_LABELS, ratingToStars, type PlayStatus } from '@vgl/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import styles from './DataSettingsPage.module.css';
import type { ImportPreviewRow } from './dataApi';

/** A preview can hold tens of thousands of rows; the page shows this many at a time. */
const SHOWN = 200;

const statusLabel = (status: number | null) => (status === null ? '—' : (PLAY_STATUS_LABELS[status as PlayStatus] ?? String(status)));
const kindLabel = (kind: string) => kind.charAt(0).toUpperCase() + kind.slice(1);

/** The rows of an import preview: what each one says and which game it matched. */
export function ImportPreviewTable({ rows }: { rows: ImportPreviewRow[] }) {
  const id = useId();
  const [onlyMissing, setOnlyMissing] = useState(false);
  const [limit, setLimit] = useState(SHOWN);
  const filtered = onlyMissing ? rows.filter((row) => !row.match) : rows;
  const shown = filtered.slice(0, limit);
  if (rows.length === 0) return null;
  return (
    <>
      <div className={styles.check}>
        <input id={`${id}-missing`} type="checkbox" checked={onlyMissing} onChange={(event) => setOnlyMissing(event.target.checked)} />
        <label htmlFor={`${id}-missing`}>Show only rows not found</label>
      </div>
      <div className={styles.tableWrap} role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
        <table className={styles.table}>
          <caption id={`${id}-caption`}>
            Rows of the file{filtered.length > shown.length ? ` (the first ${shown.length.toLocaleString('en-US')} of ${filtered.length.toLocaleString('en-US')})` : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Title</th>
              <th scope="col">Kind</th>
              <th scope="col">Status</th>
              <th scope="col">Rating</th>
              <th scope="col">Platforms</th>
              <th scope="col">Game</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row, index) => (
              <tr key={`${row.line}-${index}`} data-matched={row.match ? true : undefined}>
                <td>{row.line}</td>
                <td>
                  {row.title}
                  {row.year ? ` (${row.year})` : ''}
                </td>
                <td>{kindLabel(row.kind)}</td>
                <td>{statusLabel(row.status)}</td>
                <td>{row.rating === null ? '—' : `${ratingToStars(row.rating)} / 5`}</td>
                <td>{row.platforms.length > 0 ? row.platforms.join(', ') : '—'}</td>
                <td>
                  {row.match ? (
                    <>
                      <span className={styles.matched}>Matched</span>{' '}
                      <Link to={`/games/${row.match.slug}`} target="_blank" rel="noopener">
                        {row.match.name}
                        {row.match.year ? ` (${row.match.year})` : ''}
                      </Link>
                    </>
                  ) : (
                    <span className={styles.missing}>Not found</span>
                  )}
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
