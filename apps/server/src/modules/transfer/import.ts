import type { PlayStatus } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import { badRequest } from '../../http/errors.js';
import { applyImport, type ImportCounts } from './import.apply.js';
import { MAX_LINE_ERRORS, readImportFile } from './import.file.js';
import type { ImportFormat, ImportInput } from './import.formats.js';
import { matchGames, platformResolver, type GameRef } from './import.match.js';
import { createPacer } from './import.pace.js';
import type { ImportRow, LineError } from './import.rows.js';
import { importLists } from '../lists/lists.import.js';

/*
 * Importing a library file: read it (import.file.ts), find each
 * row's game (import.match.ts), then show what would happen or
 * apply it (import.apply.ts). A maximal file is seconds of work,
 * done in slices so the event loop keeps answering everyone else
 * (import.pace.ts); the routes let a member run one at a time and
 * the server a few (import.gate.ts).
 */

export interface ImportPreviewRow {
  line: number;
  kind: 'library' | 'diary';
  title: string;
  year: number | null;
  /** Platform slugs the import will save (names it does not know are left out). */
  platforms: string[];
  status: PlayStatus | null;
  /** 1–10. */
  rating: number | null;
  /** Diary rows: the date and what happened. */
  playedOn: string | null;
  event: string | null;
  match: { slug: string; name: string; year: number | null } | null;
}

export interface ImportPreview {
  format: ImportFormat;
  total: number;
  matched: number;
  unmatched: number;
  /** The first PREVIEW_ROWS rows; the counts cover all of them. */
  rows: ImportPreviewRow[];
  errors: LineError[];
  /** Lists in the file (VGL); left out when it has none. */
  lists?: number;
}

export interface ImportResult extends ImportCounts {
  format: ImportFormat;
  /** Lists made or changed; left out when the file has no list rows. */
  lists?: number;
}

const PREVIEW_ROWS = 500;

export function createLibraryTransfer(db: Db, now: () => number = Date.now) {
  const k = db.kysely;
  return {
    /** What an import would do, writing nothing. */
    async preview(input: ImportInput): Promise<ImportPreview> {
      const pacer = createPacer();
      const { format, rows, errors, lists } = await readImportFile(input, pacer, { keepText: false });
      const platforms = await platformResolver(k);
      const matches = await matchGames(db, rows, pacer);
      let matched = 0;
      for (const match of matches) if (match) matched += 1;
      return {
        format,
        total: rows.length,
        matched,
        unmatched: rows.length - matched,
        rows: rows.slice(0, PREVIEW_ROWS).map((row, i) => presentPreviewRow(row, matches[i] ?? null, platforms.slugs(row))),
        errors,
        ...(lists.length > 0 ? { lists: new Set(lists.flatMap((row) => (row.kind === 'list' ? [row.slug] : []))).size } : {}),
      };
    },

    /** Applies every matched row, a batch of games per transaction; any invalid row makes it a 400 that writes nothing. */
    async run(userId: number, input: ImportInput): Promise<ImportResult> {
      const pacer = createPacer();
      const { format, rows, errors, errorCount, lists } = await readImportFile(input, pacer);
      if (errorCount > 0) {
        const first = errors[0]!;
        throw badRequest(
          `Nothing was imported: ${errorCount === 1 ? '1 row has a problem' : `${errorCount} rows have problems`}. Line ${first.line}: ${first.message}`,
          Object.fromEntries(errors.slice(0, MAX_LINE_ERRORS).map((e) => [String(e.line), e.message])),
        );
      }
      const platforms = await platformResolver(k);
      const matches = await matchGames(db, rows, pacer);
      const counts = await applyImport(k, userId, rows, matches, platforms, now(), pacer);
      // Lists after the library: a file's lists name games the library rows may have just added.
      const listed = await importLists(db, userId, lists, pacer, now());
      return {
        format,
        ...counts,
        unmatched: counts.unmatched + listed.unmatched,
        warnings: [...counts.warnings, ...listed.warnings],
        ...(lists.length > 0 ? { lists: listed.lists } : {}),
      };
    },
  };
}

export type LibraryTransfer = ReturnType<typeof createLibraryTransfer>;

function presentPreviewRow(row: ImportRow, game: GameRef | null, platforms: string[]): ImportPreviewRow {
  return {
    line: row.line,
    kind: row.kind,
    title: row.title || game?.name || row.slug || '',
    year: row.year,
    platforms,
    status: row.kind === 'library' ? row.status : null,
    rating: row.rating,
    playedOn: row.kind === 'diary' ? row.playedOn : null,
    event: row.kind === 'diary' ? row.event : null,
    match: game ? { slug: game.slug, name: game.name, year: game.year } : null,
  };
}
