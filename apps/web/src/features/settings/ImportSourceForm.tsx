import { useId, useState, type FormEvent } from 'react';
import styles from './DataSettingsPage.module.css';
import { IMPORT_FORMATS, type ImportFormat } from './dataApi';
import { IMPORT_FILE_ACCEPT, importFileProblem } from './importFile';

export type ImportRequest = { kind: 'file'; file: File; format: ImportFormat } | { kind: 'steam'; profile: string };

interface ImportSourceFormProps {
  busy: boolean;
  /** false: this server cannot read Steam profiles, so the Steam choice explains instead of asking; unknown: ask, and the server's answer explains. */
  steamAvailable?: boolean;
  onPreview: (request: ImportRequest) => void;
  /** Anything typed or chosen makes the shown preview stale. */
  onChange: () => void;
}

/** Where the games come from: a file from another site, or a public Steam profile. Both end in the same preview. */
export function ImportSourceForm({ busy, steamAvailable, onPreview, onChange }: ImportSourceFormProps) {
  const id = useId();
  const [kind, setKind] = useState<ImportRequest['kind']>('file');
  const choose = (next: ImportRequest['kind']) => {
    setKind(next);
    onChange();
  };
  return (
    <>
      <fieldset className={styles.sourceChoice}>
        <legend>Import from</legend>
        {(['file', 'steam'] as const).map((value) => (
          <label key={value} className={styles.sourceOption}>
            <input type="radio" name={`${id}-source`} value={value} checked={kind === value} onChange={() => choose(value)} />
            {value === 'file' ? 'From a file' : 'From Steam'}
          </label>
        ))}
      </fieldset>
      {kind === 'file' && <FileForm busy={busy} onPreview={onPreview} onChange={onChange} />}
      {kind === 'steam' && steamAvailable === false && <SteamUnavailable />}
      {kind === 'steam' && steamAvailable !== false && <SteamForm busy={busy} onPreview={onPreview} onChange={onChange} />}
    </>
  );
}

function FileForm({ busy, onPreview, onChange }: ImportSourceFormProps) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<ImportFormat>('auto');
  const [fileError, setFileError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = importFileProblem(file);
    setFileError(problem);
    if (!problem && file) onPreview({ kind: 'file', file, format });
  };

  return (
    <form className={styles.importForm} onSubmit={submit} noValidate aria-label="Import from a file">
      <div className={styles.field}>
        <label htmlFor={`${id}-file`}>File</label>
        <input
          id={`${id}-file`}
          type="file"
          accept={IMPORT_FILE_ACCEPT}
          aria-invalid={Boolean(fileError)}
          aria-describedby={fileError ? `${id}-file-error` : `${id}-file-hint`}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setFileError(null);
            onChange();
          }}
        />
        {fileError ? (
          <p id={`${id}-file-error`} className={styles.error} role="alert">
            {fileError}
          </p>
        ) : (
          <p id={`${id}-file-hint`} className={styles.fieldHint}>
            CSV, JSON or text, in any common encoding.
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
            onChange();
          }}
        >
          {IMPORT_FORMATS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button-ghost" disabled={busy}>
        Preview
      </button>
    </form>
  );
}

function SteamUnavailable() {
  return (
    <p className={styles.hint}>
      This server cannot read Steam profiles: its operator has not set up a Steam Web API key. You can still import a Steam GetOwnedGames JSON file with
      &ldquo;From a file&rdquo;.
    </p>
  );
}

function SteamForm({ busy, onPreview, onChange }: ImportSourceFormProps) {
  const id = useId();
  const [profile, setProfile] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = profile.trim();
    if (!value) return setError('Enter your Steam profile: its address, custom name or SteamID64.');
    setError(null);
    onPreview({ kind: 'steam', profile: value });
  };

  return (
    <form className={styles.importForm} onSubmit={submit} noValidate aria-label="Import from Steam">
      <div className={`${styles.field} ${styles.wideField}`}>
        <label htmlFor={`${id}-profile`}>Steam profile</label>
        <input
          id={`${id}-profile`}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://steamcommunity.com/id/yourname"
          value={profile}
          aria-invalid={Boolean(error)}
          aria-describedby={`${id}-profile-hint${error ? ` ${id}-profile-error` : ''}`}
          onChange={(event) => {
            setProfile(event.target.value);
            onChange();
          }}
        />
        <p id={`${id}-profile-hint`} className={styles.fieldHint}>
          Your profile address, custom name or SteamID64; your game details must be public in Steam&apos;s privacy settings.
        </p>
        {error && (
          <p id={`${id}-profile-error`} className={styles.error} role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="button button-ghost" disabled={busy}>
        Preview
      </button>
    </form>
  );
}
