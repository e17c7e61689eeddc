import { useId } from 'react';
import styles from './DataSettingsPage.module.css';
import type { ImportPreview } from './dataApi';
import { n, plural } from './importText';

interface ImportProblemsProps {
  preview: ImportPreview;
  skipInvalid: boolean;
  onSkipInvalid: (skip: boolean) => void;
}

/**
 * Rows that cannot be imported. The server refuses the whole file while
 * any are left, so the member either fixes the file or says, here, to
 * import the rest without them.
 */
export function ImportProblems({ preview, skipInvalid, onSkipInvalid }: ImportProblemsProps) {
  const id = useId();
  const { errors, errorCount, total } = preview;
  if (errorCount === 0) return null;
  const unlisted = errorCount - errors.length;
  return (
    <div className={styles.problems}>
      <h4 id={`${id}-heading`}>{plural(errorCount, 'row has a problem', 'rows have problems')}</h4>
      <ul className={styles.errors} aria-labelledby={`${id}-heading`}>
        {errors.map((e) => (
          <li key={`${e.line}-${e.message}`}>
            Line {e.line}: {e.message}
          </li>
        ))}
        {unlisted > 0 && <li>… and {plural(unlisted, 'more row', 'more rows')}.</li>}
      </ul>
      <div className={styles.checkbox}>
        <input id={`${id}-skip`} type="checkbox" checked={skipInvalid} onChange={(event) => onSkipInvalid(event.target.checked)} />
        <label htmlFor={`${id}-skip`}>
          Import the {plural(total, 'good row', 'good rows')} and skip the {n(errorCount)} with problems
        </label>
      </div>
      {!skipInvalid && <p className={styles.hint}>Or fix these lines in the file, then choose it again and preview.</p>}
    </div>
  );
}
