import type { ImportPreviewBody, ImportResultBody, LibraryImportBody } from '@vgl/shared/schemas';
import { api, apiDownload } from '../../lib/api';

export const IMPORT_FORMATS = [
  { value: 'auto', label: 'Detect automatically' },
  { value: 'vgl', label: 'VGL CSV' },
  { value: 'hltb', label: 'HowLongToBeat' },
  { value: 'grouvee', label: 'Grouvee (CSV or JSON)' },
  { value: 'backloggd', label: 'Backloggd' },
  { value: 'letterboxd', label: 'Letterboxd-style diary' },
  { value: 'playnite', label: 'Playnite' },
  { value: 'steam', label: 'Steam (GetOwnedGames JSON)' },
] as const satisfies readonly { value: LibraryImportBody['format']; label: string }[];
export type ImportFormat = (typeof IMPORT_FORMATS)[number]['value'];

/** POST …/library/import/preview: what an import would do; nothing is written. */
export type ImportPreview = ImportPreviewBody;
export type ImportPreviewRow = ImportPreview['rows'][number];
/** POST …/library/import: what was written. */
export type ImportResult = ImportResultBody;
export type GameRef = NonNullable<ImportPreviewRow['match']>;

/** Where the games come from: a file's text, or a public Steam profile the server reads. */
export type ImportSource = { kind: 'file'; csv: string; format: ImportFormat } | { kind: 'steam'; profile: string };

/** What the member decided in the preview: a game per line (null leaves the line out), and whether rows with problems are skipped. */
export interface ImportChoices {
  picks: { line: number; game: string | null }[];
  skipInvalid: boolean;
}

const libraryPath = (username: string) => `/api/users/${encodeURIComponent(username.toLowerCase())}/library`;

function importCall(username: string, source: ImportSource, step: 'preview' | 'apply') {
  const base = `${libraryPath(username)}/import${source.kind === 'steam' ? '/steam' : ''}`;
  const path = step === 'preview' ? `${base}/preview` : base;
  const body = source.kind === 'steam' ? { profile: source.profile } : { csv: source.csv, format: source.format };
  return { path, body };
}

export async function previewImport(username: string, source: ImportSource, choices: ImportChoices) {
  const { path, body } = importCall(username, source, 'preview');
  return (await api.post<ImportPreview>(path, { ...body, ...choices })).data;
}

export async function applyImport(username: string, source: ImportSource, choices: ImportChoices) {
  const { path, body } = importCall(username, source, 'apply');
  return (await api.post<ImportResult>(path, { ...body, ...choices })).data;
}

/** Today in the user's time zone, YYYY-MM-DD. */
const localDate = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

/** Fetches the CSV export with the bearer token and saves it as vgl-{username}-{date}.csv. */
export async function downloadExport(username: string, now = new Date()): Promise<string> {
  const blob = await apiDownload(`${libraryPath(username)}/export`);
  const fileName = `vgl-${username.toLowerCase()}-${localDate(now)}.csv`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers read the URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
  return fileName;
}
