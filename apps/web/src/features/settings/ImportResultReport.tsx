import styles from './DataSettingsPage.module.css';
import type { ImportResult } from './dataApi';
import { formatLabel, n, plural } from './importText';

/** The server lists at most this many lines left out. */
const LISTED_AT_MOST = 500;

function detailsTitle({ notImported, warnings }: ImportResult): string {
  const leftOut =
    notImported.length >= LISTED_AT_MOST ? `The first ${n(LISTED_AT_MOST)} lines left out` : notImported.length > 0 ? plural(notImported.length, 'line left out', 'lines left out') : null;
  return [leftOut, warnings.length > 0 ? plural(warnings.length, 'warning', 'warnings') : null].filter(Boolean).join(' and ');
}

/** What the import wrote, and each line it left out and why. */
export function ImportResultReport({ result }: { result: ImportResult }) {
  const leftOut = result.unmatched + result.invalid;
  const lines = [...result.notImported.map((e) => ({ ...e, kind: 'left out' })), ...result.warnings.map((e) => ({ ...e, kind: 'warning' }))];
  return (
    <div className={styles.result}>
      <p role="status">
        Import finished ({formatLabel(result.format)}): {plural(result.entries, 'library entry', 'library entries')} and{' '}
        {plural(result.diary, 'diary entry', 'diary entries')} saved
        {result.lists !== undefined ? `, ${plural(result.lists, 'list', 'lists')} made or updated` : ''}; {n(leftOut)} left out
        {result.invalid > 0 ? ` (${n(result.invalid)} for problems)` : ''}
        {result.skipped > 0 ? `; ${plural(result.skipped, 'diary entry was', 'diary entries were')} already in your diary` : ''}.
      </p>
      {lines.length > 0 && (
        <details className={styles.resultDetails}>
          <summary>{detailsTitle(result)}</summary>
          <ul>
            {lines.map((e, i) => (
              <li key={`${e.kind}-${e.line}-${i}`}>
                Line {e.line}: {e.message}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
