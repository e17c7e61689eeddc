import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormSection } from '../../components/form/FormSection';
import { ApiRequestError } from '../../lib/api';
import { useHome } from '../landing/homeApi';
import { showToast } from '../../stores/toast';
import styles from './DataSettingsPage.module.css';
import { applyImport, previewImport, type GameRef, type ImportChoices, type ImportPreview, type ImportResult, type ImportSource } from './dataApi';
import { estimateRows, formatBytes, readImportFile } from './importFile';
import { ImportPreviewPanel } from './ImportPreviewPanel';
import { ImportProgress } from './ImportProgress';
import { ImportResultReport } from './ImportResultReport';
import type { LinePick, LinePicks } from './ImportRowGame';
import { ImportSourceForm, type ImportRequest } from './ImportSourceForm';
import { plural } from './importText';
import { toastFailure } from './toastFailure';

/** What was previewed: Import sends exactly this source again, with the member's choices. */
interface Previewed {
  source: ImportSource;
  preview: ImportPreview;
  /** What the browser noticed while decoding the file (its encoding). */
  notice: string | null;
}

/** A preview or import under way; the step changes, the clock runs for the whole operation. */
interface Busy {
  operation: 'preview' | 'import';
  step: string;
}

const matchingStep = (text: string, bytes: number) => {
  const rows = estimateRows(text);
  return rows === null ? `Matching the games of the file (${formatBytes(bytes)})…` : `Matching ${plural(rows, 'row', 'rows')} (${formatBytes(bytes)})…`;
};

/**
 * Import in two steps: Preview shows how each row matches a game and writes
 * nothing; the member picks games for the rows left unmatched, decides about
 * rows with problems, and Import applies the previewed source with those
 * choices. Changing the source drops the preview.
 */
export function ImportSection({ username }: { username: string }) {
  const client = useQueryClient();
  // The footer loads GET /api/home on every page; its answer says whether this server can read Steam profiles.
  const steamAvailable = useHome().data?.steamImport;
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [picks, setPicks] = useState<LinePicks>(new Map<number, GameRef | null>());
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState<Busy | null>(null);
  /** A Steam profile the server could not read (private, unknown, no Steam key): said under the form, where the member fixes it. */
  const [steamError, setSteamError] = useState<string | null>(null);

  const reset = () => {
    setPreviewed(null);
    setPicks(new Map());
    setSkipInvalid(false);
    setResult(null);
    setSteamError(null);
  };

  const pick = (line: number, choice: LinePick) =>
    setPicks((current) => {
      const next = new Map(current);
      if (choice === undefined) next.delete(line);
      else next.set(line, choice);
      return next;
    });

  const runPreview = async (request: ImportRequest) => {
    reset();
    const none: ImportChoices = { picks: [], skipInvalid: false };
    try {
      if (request.kind === 'steam') {
        setBusy({ operation: 'preview', step: 'Reading your Steam library and matching its games…' });
        const source: ImportSource = { kind: 'steam', profile: request.profile };
        setPreviewed({ source, notice: null, preview: await previewImport(username, source, none) });
      } else {
        setBusy({ operation: 'preview', step: 'Reading the file…' });
        const { text, notice } = await readImportFile(request.file);
        setBusy({ operation: 'preview', step: matchingStep(text, request.file.size) });
        const source: ImportSource = { kind: 'file', csv: text, format: request.format };
        setPreviewed({ source, notice, preview: await previewImport(username, source, none) });
      }
    } catch (error) {
      if (request.kind === 'steam' && error instanceof ApiRequestError && error.body) setSteamError(error.body.message);
      else toastFailure('The import preview', error);
    } finally {
      setBusy(null);
    }
  };

  const runImport = async () => {
    if (!previewed) return;
    const choices: ImportChoices = { picks: [...picks].map(([line, game]) => ({ line, game: game?.slug ?? null })), skipInvalid };
    const saving = previewed.preview.matched + choices.picks.filter((p) => p.game !== null).length;
    setBusy({ operation: 'import', step: `Saving ${plural(saving, 'row', 'rows')}…` });
    try {
      setResult(await applyImport(username, previewed.source, choices));
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

  const notices = previewed ? [previewed.notice, ...previewed.preview.notices].filter((x): x is string => Boolean(x)) : [];
  return (
    <FormSection title="Import">
      <p className={styles.hint}>
        Bring your games from a VGL export, HowLongToBeat, Grouvee, Backloggd, a Letterboxd-style diary, Playnite or Steam. Preview first: nothing is saved until
        you press Import. Games already in your library are updated.
      </p>
      <ImportSourceForm busy={busy !== null} steamAvailable={steamAvailable} onPreview={(request) => void runPreview(request)} onChange={reset} />
      {steamError && (
        <p className={styles.error} role="alert">
          {steamError}
        </p>
      )}
      {busy?.operation === 'preview' && <ImportProgress step={busy.step} />}
      {previewed && (
        <ImportPreviewPanel
          preview={previewed.preview}
          notices={notices}
          picks={picks}
          onPick={pick}
          skipInvalid={skipInvalid}
          onSkipInvalid={setSkipInvalid}
          busy={busy !== null}
          onImport={() => void runImport()}
          // Under the Import button just pressed, not above a long table.
          progress={busy?.operation === 'import' ? <ImportProgress step={busy.step} /> : null}
        />
      )}
      {result && <ImportResultReport result={result} />}
    </FormSection>
  );
}
