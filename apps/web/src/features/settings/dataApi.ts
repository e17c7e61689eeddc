import { api, apiDownload } from '../../lib/api';

export const IMPORT_FORMATS = [
  { value: 'auto', label: 'Detect automatically' },
  { value: 'vgl', label: 'VGL CSV' },
  { value: 'hltb', label: 'HowLongToBeat' },
  { value: 'grouvee', label: 'Grouvee' },
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number]['value'];

export interface ImportPreviewRow {
  line: number;
  kind: string;
  title: string;
  year: number | null;
  platforms: string[];
  status: number | null;
  rating: number | null;
  match: { slug: string; name: string; year: number | null } | null;
}

/** POST …/library/import/preview: what an import would do; nothing is written. */
export interface ImportPreview {
  format: string;
  total: number;
  matched: number;
  unmatched: number;
  rows: ImportPreviewRow[];
  errors: { line: number; message: string }[];
  /** Lists in the file (VGL), when it has any. */
  lists?: number;
}

/** POST …/library/import: what was written. */
export interface ImportResult {
  format: string;
  entries: number;
  diary: number;
  unmatched: number;
  skipped: number;
  /** Lists made or changed, when the file has any. */
  lists?: number;
}

const libraryPath = (username: string) => `/api/users/${encodeURIComponent(username.toLowerCase())}/library`;

export const previewImport = async (username: string, csv: string, format: ImportFormat) =>
  (await api.post<ImportPreview>(`${libraryPath(username)}/import/preview`, { csv, format })).data;

export const applyImport = async (username: string, csv: string, format: ImportFormat) =>
  (await api.post<ImportResult>(`${libraryPath(username)}/import`, { csv, format })).data;

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
