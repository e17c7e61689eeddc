import { useId, type ReactNode } from 'react';
import styles from './DataSettingsPage.module.css';
import type { ImportPreview } from './dataApi';
import { ImportPreviewTable } from './ImportPreviewTable';
import { ImportProblems } from './ImportProblems';
import type { LinePick, LinePicks } from './ImportRowGame';
import { formatLabel, n, plural } from './importText';

interface ImportPreviewPanelProps {
  preview: ImportPreview;
  /** The browser's word on the file's encoding, shown with the server's notices. */
  notices: string[];
  picks: LinePicks;
  onPick: (line: number, pick: LinePick) => void;
  skipInvalid: boolean;
  onSkipInvalid: (skip: boolean) => void;
  busy: boolean;
  onImport: () => void;
  /** The import under way, if it is. */
  progress: ReactNode;
}

/** The counts of the preview, in one sentence. */
function PreviewSummary({ preview, picks }: { preview: ImportPreview; picks: LinePicks }) {
  const { matched, flagged, total, errorCount } = preview;
  // Whether or not the server's `unmatched` counts the flagged rows, these are the rows it found nothing for.
  const notFound = Math.max(0, total - matched - flagged);
  const picked = [...picks.values()].filter(Boolean).length;
  const leftOut = picks.size - picked;
  const parts = [
    flagged > 0 ? `${n(flagged)} need a look` : null,
    notFound > 0 ? `${n(notFound)} not found` : null,
    errorCount > 0 ? plural(errorCount, 'row with a problem', 'rows with problems') : null,
    picked > 0 ? `${n(picked)} picked by you` : null,
    leftOut > 0 ? `${n(leftOut)} left out by you` : null,
  ].filter(Boolean);
  return (
    <p role="status">
      <strong>
        {n(matched)} of {plural(total, 'row', 'rows')} matched
      </strong>{' '}
      ({formatLabel(preview.format)}
      {parts.length > 0 ? `; ${parts.join(', ')}` : ''}).
      {preview.lists ? ` The file also holds ${plural(preview.lists, 'list', 'lists')}.` : ''}
    </p>
  );
}

/** The preview of a file or a Steam library: counts, notices, problems, the rows and the Import button. */
export function ImportPreviewPanel({ preview, notices, picks, onPick, skipInvalid, onSkipInvalid, busy, onImport, progress }: ImportPreviewPanelProps) {
  const id = useId();
  const blockedByProblems = preview.errorCount > 0 && !skipInvalid;
  const somethingToImport = preview.matched > 0 || [...picks.values()].some(Boolean) || Boolean(preview.lists);
  const needsLook = preview.total - preview.matched;
  return (
    <div className={styles.preview} aria-labelledby={`${id}-preview`} role="region">
      <h3 id={`${id}-preview`}>Preview</h3>
      {notices.length > 0 && (
        <ul className={styles.notices} aria-label="About the file">
          {notices.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
      )}
      <PreviewSummary preview={preview} picks={picks} />
      {needsLook > 0 && (
        <p className={styles.hint}>Rows not found or marked Check are left out unless you pick their game. Your picks are used when you press Import.</p>
      )}
      <ImportProblems preview={preview} skipInvalid={skipInvalid} onSkipInvalid={onSkipInvalid} />
      <ImportPreviewTable rows={preview.rows} picks={picks} onPick={onPick} />
      <div className={styles.importActions}>
        <button type="button" className="button button-primary" onClick={onImport} disabled={busy || blockedByProblems || !somethingToImport}>
          Import
        </button>
        {!somethingToImport && <p className={styles.hint}>No row matched a game, so there is nothing to import yet.</p>}
        {somethingToImport && blockedByProblems && <p className={styles.hint}>Tick the box above to skip the rows with problems, or fix the file.</p>}
      </div>
      {progress}
    </div>
  );
}
