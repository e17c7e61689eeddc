import { Readable } from 'node:stream';
import type * as csvParse from 'csv-parse';
import type { Info } from 'csv-parse';
import { lazyRequire } from '../../lazy.js';

/** csv-parse: loaded by the first import rather than at start-up. */
const loadCsvParse = lazyRequire<typeof csvParse>('csv-parse');
import { LIBRARY_LIMITS, LIBRARY_MESSAGES } from '@vgl/shared';
import { diaryEntryInputSchema, firstFieldErrors, libraryEntryInputSchema, playFieldsSchema } from '@vgl/shared/schemas';
import { badRequest } from '../../http/errors.js';
import { READERS, detectFormat, type ImportFormat, type ImportInput } from './import.formats.js';
import { createPacer, type Pacer } from './import.pace.js';
import { isJsonText, jsonRecords, type FileRecord } from './import.json.js';
import { Cells, type ImportRow, type LineError } from './import.rows.js';
import { isListRecord, readListRecord, type ListFileRow } from '../lists/lists.import.js';

/** Line problems an answer lists (the count covers all of them). */
export const MAX_LINE_ERRORS = 500;

/** A file decoded with the wrong encoding has U+FFFD where its characters were (the settings page decodes it right). */
export const UNREADABLE_CHARACTERS_NOTICE =
  'Some characters of the file could not be read as text (shown as �): save it as UTF-8, or upload it from the settings page, which detects the encoding.';

export interface ImportFile {
  format: ImportFormat;
  rows: ImportRow[];
  /** The first MAX_LINE_ERRORS problems, in file order. */
  errors: LineError[];
  /** All of them. */
  errorCount: number;
  /** A VGL file's lists and their games (lists.import.ts reads and applies them). */
  lists: ListFileRow[];
  /** What is worth knowing about the file as a whole (the preview shows them). */
  notices: string[];
}

/** Excel in some locales writes ";" or tabs: take whichever the header uses most. */
function delimiterOf(headerLine: string): string {
  const counts = [',', ';', '\t'].map((d) => [d, headerLine.split(d).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** The first line (of at most 64 KB): enough to tell the delimiter. */
function firstLine(text: string, start: number): string {
  const head = text.slice(start, start + 64 * 1024);
  const end = head.search(/[\r\n]/);
  return end === -1 ? head : head.slice(0, end);
}

const CHUNK = 16 * 1024;
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * The text in 64 KB pieces, with one kind of line break ("\n"), so line
 * numbers are right and reviews keep plain "\n"; a "\r\n" split between two
 * pieces stays one break, and no piece ends inside a surrogate pair. Stops
 * at the byte limit or a NUL (`problem` says which), so a huge file is
 * never read in full.
 */
function* pieces(text: string, start: number, problem: { message?: string }): Generator<string> {
  let bytes = 0;
  let carry = '';
  for (let from = start; from < text.length; ) {
    let to = Math.min(from + CHUNK, text.length);
    if (to < text.length && isHighSurrogate(text.charCodeAt(to - 1))) to -= 1;
    let piece = carry + text.slice(from, to);
    from = to;
    carry = '';
    bytes += Buffer.byteLength(piece, 'utf8');
    if (bytes > LIBRARY_LIMITS.importMaxBytes) return void (problem.message = LIBRARY_MESSAGES.importTooLarge);
    if (piece.includes('\u0000')) return void (problem.message = LIBRARY_MESSAGES.importBinary);
    if (from < text.length && piece.endsWith('\r')) {
      carry = '\r';
      piece = piece.slice(0, -1);
    }
    yield piece.replace(/\r\n?/g, '\n');
  }
  if (carry) yield '\n';
}

/**
 * Where the CSV starts: after a UTF-8 BOM, and after the "#TYPE <.NET
 * type>" line Windows PowerShell's Export-Csv and ConvertTo-Csv write
 * above the header unless told not to (-NoTypeInformation), as a Playnite
 * list saved with it has.
 */
function csvStart(text: string): { start: number; skippedLines: number } {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (!text.startsWith('#TYPE ', start)) return { start, skippedLines: 0 };
  const end = firstLine(text, start).length + start;
  return { start: end + (text.startsWith('\r\n', end) ? 2 : 1), skippedLines: 1 };
}

interface CsvRecord {
  record: string[];
  info: Info & { lines: number };
}

/**
 * The file's records, parsed as they stream in (csv-parse's stream API),
 * so only a piece of the file is ever split into cells at once, and the
 * event loop gets a turn every few milliseconds. A file that cannot be
 * read at all is a 400.
 */
async function* csvRecords(text: string, pacer: Pacer): AsyncGenerator<CsvRecord> {
  const { start, skippedLines } = csvStart(text);
  if (!/\S/.test(text)) throw badRequest(LIBRARY_MESSAGES.importEmpty);
  const problem: { message?: string } = {};
  const source = Readable.from(pieces(text, start, problem), { objectMode: false });
  // With `info`, each record comes as { record, info } (the typings do not say so).
  const parser = source.pipe(
    loadCsvParse().parse({ delimiter: delimiterOf(firstLine(text, start)), info: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: true }),
  );
  try {
    for await (const record of parser as AsyncIterable<CsvRecord>) {
      if (problem.message) break;
      // Lines as the file numbers them, a skipped #TYPE line included.
      record.info.lines += skippedLines;
      yield record;
      const turn = pacer.slice();
      if (turn) await turn;
    }
  } catch (error) {
    // Cut off at the byte limit, a file can end inside quotes: the limit is the problem.
    if (problem.message) throw badRequest(problem.message);
    if (error instanceof loadCsvParse().CsvError) throw badRequest(`This is not a valid CSV file: ${error.message}`);
    throw error;
  } finally {
    source.destroy();
    parser.destroy();
  }
  if (problem.message) throw badRequest(problem.message);
}

/** A CSV file as a header and records of cells, each with the line it starts on. */
async function* csvFileRecords(text: string, pacer: Pacer): AsyncGenerator<FileRecord> {
  let columns: Map<string, number> | undefined;
  for await (const { record: values, info } of csvRecords(text, pacer)) {
    if (!columns) {
      const header = values.map((h) => h.trim().toLowerCase());
      columns = new Map(header.map((name, i) => [name, i] as const).reverse());
      yield { header };
      continue;
    }
    // csv-parse counts the line a record ends on; a record starts as many lines earlier as its cells hold breaks.
    const line = info.lines - values.reduce((n, cell) => n + cell.split('\n').length - 1, 0);
    yield { line, cells: new Cells(columns, values), blank: values.every((v) => !v.trim()) };
  }
}

const schemaMessage = (error: Parameters<typeof firstFieldErrors>[0]) => [...new Set(Object.values(firstFieldErrors(error)))].join('; ');

/** Checks a row with the same rules as the library form and the diary; returns it normalised (trimmed text), or the problem. */
function validateRow(row: ImportRow): ImportRow | string {
  if (row.kind === 'library') {
    // A note from another tracker is kept whatever its length: applying cuts it to the entry's limit with a warning.
    const result = libraryEntryInputSchema.safeParse({ ...row, platforms: [], replay: false, hours: null, notes: null });
    if (!result.success) return schemaMessage(result.error);
    const { status, rating, review, startedOn, finishedOn } = result.data;
    return { ...row, status, rating, review, startedOn, finishedOn, notes: row.notes?.trim() || null };
  }
  if (row.kind === 'play') {
    const result = playFieldsSchema.safeParse({ ...row, platform: null, spoilers: false });
    if (!result.success) return schemaMessage(result.error);
    const { startedOn, finishedOn, completion, rating, review } = result.data;
    return { ...row, startedOn, finishedOn, completion, rating, review };
  }
  const result = diaryEntryInputSchema.safeParse({ ...row, game: 'imported' });
  if (!result.success) return schemaMessage(result.error);
  const { playedOn, event, rating, note, replay, hours } = result.data;
  return { ...row, playedOn, event, rating, note, replay, hours };
}

const withoutText = (row: ImportRow): ImportRow =>
  row.kind === 'library' ? { ...row, review: null, notes: null } : row.kind === 'play' ? { ...row, review: null } : { ...row, note: null };

/**
 * Reads and checks a whole file, a record at a time; whole-file problems
 * are a 400 (as soon as they show: a file past the row limit is not read to
 * its end), row problems come back with their line. Only the rows are kept,
 * never the file's records; without `keepText`, not their reviews and notes.
 */
export async function readImportFile(input: ImportInput, pacer: Pacer = createPacer(), { keepText = true } = {}): Promise<ImportFile> {
  let header: string[] | undefined;
  let format: ImportFormat | undefined;
  let records = 0;
  const rows: ImportRow[] = [];
  const lists: ListFileRow[] = [];
  const errors: LineError[] = [];
  let errorCount = 0;
  /** How each status of the file is taken (import.rows.ts statusMapped), and how many rows have each. */
  const statusNotes = new Map<string, number>();
  const fail = (line: number, message: string) => {
    errorCount += 1;
    if (errors.length < MAX_LINE_ERRORS) errors.push({ line, message });
  };

  const fileRecords = isJsonText(input.csv) ? jsonRecords(input.csv, pacer) : csvFileRecords(input.csv, pacer);
  for await (const record of fileRecords) {
    if ('header' in record) {
      header = record.header;
      continue;
    }
    records += 1;
    if (records > LIBRARY_LIMITS.importMaxRows) throw badRequest(LIBRARY_MESSAGES.importTooManyRows);
    // Told by the header, once a row shows the file is more than a header.
    format ??= detectFormat(header ?? [], input.format);
    if (record.blank) continue;
    const { line, cells } = record;
    if (format === 'vgl' && isListRecord(cells)) {
      const list = readListRecord(line, cells);
      if (list) lists.push(list);
      else fail(line, cells.errors.join('; '));
      continue;
    }
    const read = READERS[format](line, cells);
    if (cells.errors.length > 0) {
      fail(line, cells.errors.join('; '));
      continue;
    }
    // A line that yields several rows (HowLongToBeat, Grouvee) reports each problem once.
    const problems = new Set<string>();
    for (const row of read) {
      const checked = validateRow(row);
      if (typeof checked === 'string') problems.add(checked);
      // A preview shows no reviews or notes: without them its rows take half the memory.
      else rows.push(keepText ? checked : withoutText(checked));
      if (typeof checked !== 'string' && checked.kind === 'library' && checked.statusNote) statusNotes.set(checked.statusNote, (statusNotes.get(checked.statusNote) ?? 0) + 1);
    }
    for (const message of problems) fail(line, message);
  }
  if (!header) throw badRequest(LIBRARY_MESSAGES.importEmpty);
  if (!format) throw badRequest(LIBRARY_MESSAGES.importNoRows);
  const notices = [
    ...(input.csv.includes('\uFFFD') ? [UNREADABLE_CHARACTERS_NOTICE] : []),
    ...[...statusNotes].map(([note, count]) => `${note} (${count === 1 ? '1 row' : `${count.toLocaleString('en-US')} rows`}).`),
  ];
  return { format, rows, errors, errorCount, lists, notices };
}
