import { CsvError, parse } from 'csv-parse/sync';
import { LIBRARY_LIMITS } from '@vgl/shared';
import { diaryEntryInputSchema, firstFieldErrors, libraryEntryInputSchema } from '@vgl/shared/schemas';
import { badRequest } from '../../http/errors.js';
import { READERS, detectFormat, type ImportFormat, type ImportInput } from './library.import.formats.js';
import { Cells, type ImportRow, type LineError } from './library.import.rows.js';

/** Excel in some locales writes ";" or tabs: take whichever the header uses most. */
function delimiterOf(headerLine: string): string {
  const counts = [',', ';', '\t'].map((d) => [d, headerLine.split(d).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** The header (lower case) and each record with the line it starts on; a file that cannot be read at all is a 400. */
function parseCsv(csv: string): { header: string[]; records: { line: number; cells: string[] }[] } {
  if (Buffer.byteLength(csv, 'utf8') > LIBRARY_LIMITS.importMaxBytes) {
    throw badRequest(`The file is larger than ${LIBRARY_LIMITS.importMaxBytes / 1024 / 1024} MB; split it into smaller files.`);
  }
  // One kind of line break, so line numbers are right and reviews keep plain "\n".
  const text = csv.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!text.trim()) throw badRequest('The file is empty.');
  if (text.includes('\u0000')) throw badRequest('This is not a CSV file: it contains binary data.');
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    const options = { delimiter: delimiterOf(text.slice(0, text.indexOf('\n') + 1 || undefined)), info: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: true };
    // With `info`, each record comes as { record, info } (the typings do not say so).
    parsed = parse(text, options) as unknown as typeof parsed;
  } catch (error) {
    if (error instanceof CsvError) throw badRequest(`This is not a valid CSV file: ${error.message}`);
    throw error;
  }
  const [header, ...rest] = parsed;
  if (!header) throw badRequest('The file is empty.');
  if (rest.length === 0) throw badRequest('The file has a header row but no games.');
  if (rest.length > LIBRARY_LIMITS.importMaxRows) {
    throw badRequest(`The file has ${rest.length.toLocaleString('en-US')} rows; at most ${LIBRARY_LIMITS.importMaxRows.toLocaleString('en-US')} can be imported at once.`);
  }
  // csv-parse counts the line a record ends on; a record starts as many lines earlier as its cells hold breaks.
  const startLine = ({ record, info }: (typeof parsed)[number]) => info.lines - record.reduce((n, cell) => n + cell.split('\n').length - 1, 0);
  return { header: header.record.map((h) => h.trim().toLowerCase()), records: rest.map((r) => ({ line: startLine(r), cells: r.record })) };
}

const schemaMessage = (error: Parameters<typeof firstFieldErrors>[0]) => [...new Set(Object.values(firstFieldErrors(error)))].join('; ');

/** Checks a row with the same rules as the library form and the diary; returns it normalised (trimmed text), or the problem. */
function validateRow(row: ImportRow): ImportRow | string {
  if (row.kind === 'library') {
    const result = libraryEntryInputSchema.safeParse({ ...row, platforms: [], replay: false, hours: null });
    if (!result.success) return schemaMessage(result.error);
    const { status, rating, review, startedOn, finishedOn } = result.data;
    return { ...row, status, rating, review, startedOn, finishedOn };
  }
  const result = diaryEntryInputSchema.safeParse({ ...row, game: 'imported' });
  if (!result.success) return schemaMessage(result.error);
  const { playedOn, event, rating, note, replay, hours } = result.data;
  return { ...row, playedOn, event, rating, note, replay, hours };
}

/** Reads and checks a whole file; whole-file problems are a 400, row problems come back with their line. */
export function readImportFile(input: ImportInput): { format: ImportFormat; rows: ImportRow[]; errors: LineError[] } {
  const { header, records } = parseCsv(input.csv);
  const format = detectFormat(header, input.format);
  const columns = new Map(header.map((name, i) => [name, i] as const).reverse());
  const rows: ImportRow[] = [];
  const errors: LineError[] = [];
  for (const { line, cells: values } of records) {
    if (values.every((v) => !v.trim())) continue;
    const cells = new Cells(columns, values);
    const read = READERS[format](line, cells);
    if (cells.errors.length > 0) {
      errors.push({ line, message: cells.errors.join('; ') });
      continue;
    }
    for (const row of read) {
      const checked = validateRow(row);
      if (typeof checked === 'string') errors.push({ line, message: checked });
      else rows.push(checked);
    }
  }
  return { format, rows, errors: dedupeErrors(errors) };
}

/** A line that yields several rows (HowLongToBeat, Grouvee) reports each problem once. */
function dedupeErrors(errors: LineError[]): LineError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.line}\u0000${e.message}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}
