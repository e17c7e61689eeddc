import { decodeImportFile, LIBRARY_LIMITS } from '@vgl/shared';

/** Exports come as CSV, as JSON (Grouvee, Steam's GetOwnedGames) or as .txt from tools that name their CSV so. */
export const IMPORT_FILE_ACCEPT = '.csv,.json,.txt,text/csv,application/json,text/plain';

export interface ImportFileText {
  text: string;
  /** Said above the preview, e.g. that the file was read as Windows-1252. */
  notice: string | null;
}

const MB = 1024 * 1024;

/** Why the file cannot be imported before it is sent, or null. */
export function importFileProblem(file: File | null): string | null {
  if (!file) return 'Choose a file first.';
  if (file.size > LIBRARY_LIMITS.importMaxBytes) return `The file is larger than ${LIBRARY_LIMITS.importMaxBytes / MB} MB; split it into smaller files.`;
  return null;
}

/** The file's text: read as bytes so its encoding (UTF-8 with or without BOM, UTF-16, Windows-1252) is detected rather than assumed. */
export async function readImportFile(file: File): Promise<ImportFileText> {
  const { text, notice } = decodeImportFile(new Uint8Array(await file.arrayBuffer()));
  return { text, notice };
}

/** Roughly how many records a CSV holds, for the progress line while the server matches them (JSON: unknown). */
export function estimateRows(text: string): number | null {
  if (/^\s*[[{]/.test(text)) return null;
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines += 1;
  if (!text.endsWith('\n')) lines += 1;
  return Math.max(lines - 1, 0);
}

export const formatBytes = (bytes: number) => (bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
