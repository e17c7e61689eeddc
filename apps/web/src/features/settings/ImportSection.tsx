import { useQueryClient } from '@tanstack/react-query';
import { LIBRARY_LIMITS } from '@vgl/shared';
import { useId, useState, type FormEvent } from 'react';
import { FormSection } from '../../components/form/FormSection';
import { showToast } from '../../stores/toast';
import styles from './DataSettingsPage.module.css';
import { applyImport, IMPORT_FORMATS, previewImport, type ImportFormat, type ImportPreview, type ImportResult } from './dataApi';
import { ImportPreviewTable } from './ImportPreviewTable';
import { toastFailure } from './toastFailure';

const n = (value: number) => value.toLocaleString('en-US');
const plural = (count: number, one: string, many: string) => `${n(count)} ${count === 1 ? one : many}`;
const formatLabel = (format: string) => IMPORT_FORMATS.find((f) => f.value === format)?.label ?? format;

/** What was sent for the preview: Import applies exactly this. */
interface Previewed {
  csv: string;
  format: ImportFormat;
  preview: ImportPreview;
}

/**
 * Import a CSV in two steps: Preview shows how each row matches a game and
 * writes nothing; Import applies the previewed file. Changing the file or
 * the format drops the preview.
 */
export function ImportSection({ username }: { username: string }) {
  const client = useQueryClient();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<ImportFormat>('auto');
  const [fileError, setFileError] = useState<string>();
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);

  const reset = () => {
    setPreviewed(null);
    setResult(null);
    setFileError(undefined);
  };

  const preview = async (event: FormEvent) => {
    event.preventDefault();
    reset();
    if (!file) return setFileError('Choose a CSV file first.');
    if (file.size > LIBRARY_LIMITS.importMaxBytes) return setFileError(`The file is larger than ${LIBRARY_LIMITS.importMaxBytes / 1024 / 1024} MB.`);
    setBusy('preview');
    try {
      const csv = await file.text();
      setPreviewed({ csv, format, preview: await previewImport(username, csv, format) });
    } catch (error) {
      toastFailure('The import preview', error);
    } finally {
      setBusy(null);
    }
  };

  const apply = async () => {
    if (!previewed) return;
    setBusy('import');
    try {
      setResult(await applyImport(username, previewed.csv, previewed.format));
      setPreviewed(null);
      showToast({ variant: 'success' });
      // Library, diary, profile and game pages may all show imported games.
      await client.invalidateQueries();
    } catch (error) {
      toastFailure('The import', error);
    } finally {
      setBusy(null);
    }
  };

  const p = previewed?.preview;
  return (
    <FormSection title="Import">
      <p className={styles.hint}>
        Bring your games from a VGL export, HowLongToBeat or Grouvee. Preview first: nothing is saved until you press Import. Games already in your library are
        updated.
      </p>
      <form className={styles.importForm} onSubmit={(event) => void preview(event)} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${id}-file`}>CSV file</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            aria-invalid={Boolean(fileError)}
            aria-describedby={fileError ? `${id}-file-error` : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              reset();
            }}
          />
          {fileError && (
            <p id={`${id}-file-error`} className={styles.error} role="alert">
              {fileError}
            </p>
          )}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-format`}>Format</label>
          <select
            id={`${id}-format`}
            value={format}
            onChange={(event) => {
              setFormat(event.target.value as ImportFormat);
              reset();
            }}
          >
            {IMPORT_FORMATS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-ghost" disabled={busy !== null}>
          {busy === 'preview' ? 'Reading…' : 'Preview'}
        </button>
      </form>

      {p && (
        <div className={styles.preview} aria-labelledby={`${id}-preview`} role="region">
          <h3 id={`${id}-preview`}>Preview</h3>
          <p role="status">
            <strong>
              {n(p.matched)} of {plural(p.total, 'row', 'rows')} matched
            </strong>{' '}
            ({formatLabel(p.format)}
            {p.unmatched > 0 ? `; ${n(p.unmatched)} not found, they will be skipped` : ''}).
            {p.lists ? ` The file also holds ${plural(p.lists, 'list', 'lists')}.` : ''}
          </p>
          {p.errors.length > 0 && (
            <>
              <h4>Rows that could not be read</h4>
              <ul className={styles.errors}>
                {p.errors.map((e) => (
                  <li key={`${e.line}-${e.message}`}>
                    Line {e.line}: {e.message}
                  </li>
                ))}
              </ul>
            </>
          )}
          <ImportPreviewTable rows={p.rows} />
          <button type="button" className="button button-primary" onClick={() => void apply()} disabled={busy !== null || (p.matched === 0 && !p.lists)}>
            {busy === 'import' ? 'Importing…' : 'Import'}
          </button>
          {p.matched === 0 && !p.lists && <p className={styles.hint}>No row matched a game, so there is nothing to import.</p>}
        </div>
      )}

      {result && (
        <p className={styles.result} role="status">
          Import finished ({formatLabel(result.format)}): {plural(result.entries, 'library entry', 'library entries')} and{' '}
          {plural(result.diary, 'diary entry', 'diary entries')} saved
          {result.lists !== undefined ? `, ${plural(result.lists, 'list', 'lists')} made or updated` : ''}; {plural(result.unmatched, 'row', 'rows')} not found,{' '}
          {n(result.skipped)} skipped.
        </p>
      )}
    </FormSection>
  );
}
