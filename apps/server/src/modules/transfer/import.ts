import type { PlayStatus } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import { badRequest } from '../../http/errors.js';
import { listedGame } from '../catalog/catalog.visibility.js';
import { applyImport, type ImportCounts } from './import.apply.js';
import { MAX_LINE_ERRORS, readImportFile, type ImportFile } from './import.file.js';
import type { ImportFormat, ImportInput, ImportPick } from './import.formats.js';
import { matchRows, platformResolver, type GameRef, type MatchResult } from './import.match.js';
import { createPacer, forEachPaced, type Pacer } from './import.pace.js';
import type { ImportRow, LineError } from './import.rows.js';
import { importLists } from '../lists/lists.import.js';

/*
 * Importing a library: read the file (import.file.ts) or the Steam library
 * (steam/), find each row's game (import.match.ts), let the member's picks
 * from the preview overrule it, then show what would happen or apply it
 * (import.apply.ts). A maximal file is seconds of work, done in slices so
 * the event loop keeps answering everyone else (import.pace.ts); the routes
 * let a member run one at a time and the server a few (import.gate.ts).
 */

export interface ImportPreviewRow {
  line: number;
  kind: 'library' | 'diary' | 'play';
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
  /** Play rows, and diary rows that say it: the play's number. */
  play: number | null;
  match: GameSummary | null;
  flag: string | null;
  suggestion: GameSummary | null;
  ratingNote: string | null;
  hours: number | null;
}

interface GameSummary {
  slug: string;
  name: string;
  year: number | null;
}

export interface ImportPreview {
  format: ImportFormat;
  total: number;
  matched: number;
  unmatched: number;
  flagged: number;
  /** The first PREVIEW_ROWS rows, then those that need a look, up to PREVIEW_MAX_ROWS; the counts cover all of them. */
  rows: ImportPreviewRow[];
  errors: LineError[];
  errorCount: number;
  notices: string[];
  /** Lists in the file (VGL); left out when it has none. */
  lists?: number;
}

export interface ImportResult extends ImportCounts {
  format: ImportFormat;
  /** Rows skipped for a problem (skipInvalid). */
  invalid: number;
  /** Each line left out, and why. */
  notImported: LineError[];
  /** Lists made or changed; left out when the file has no list rows. */
  lists?: number;
}

/** What the member decided in the preview. */
export interface ImportChoices {
  picks: ImportPick[];
  skipInvalid: boolean;
}

const PREVIEW_ROWS = 500;
const PREVIEW_MAX_ROWS = 2000;
const LEFT_OUT_BY_MEMBER = 'Left out in the preview';
const NOT_IN_CATALOG = 'Not in the catalog: pick the game in the preview to import it';

/** A row's game after the member's picks: a pick overrules matching for every row of its line. */
interface Decided extends MatchResult {
  /** The member left this line out. */
  leftOut?: boolean;
}

const summary = (game: GameRef | null): GameSummary | null => (game ? { slug: game.slug, name: game.name, year: game.year } : null);

export function createLibraryTransfer(db: Db, now: () => number = Date.now) {
  const k = db.kysely;

  /** Each row's game: the member's pick for its line, else what matching found. Picks naming no catalog game are line problems. */
  async function decide(file: ImportFile, picks: ImportPick[], pacer: Pacer) {
    const platforms = await platformResolver(k);
    const matches = await matchRows(db, file.rows, pacer, platforms);
    const bySlug = new Map<string, GameRef>();
    const slugs = [...new Set(picks.flatMap((p) => (p.game === null ? [] : [p.game.toLowerCase()])))];
    for (let i = 0; i < slugs.length; i += 500) {
      const found = await k
        .selectFrom('games')
        .select(['id', 'slug', 'name', 'release_year as year', 'popularity'])
        .where('slug', 'in', slugs.slice(i, i + 500))
        .where(listedGame('games.id'))
        .execute();
      for (const game of found) bySlug.set(game.slug, game);
    }
    // Only picks need the file's lines: a 200,000-row file without picks makes no set of them.
    const lines = picks.length > 0 ? new Set(file.rows.map((row) => row.line)) : new Set<number>();
    const pickErrors: LineError[] = [];
    const pickOf = new Map<number, GameRef | null>();
    for (const pick of picks) {
      if (!lines.has(pick.line)) continue;
      const game = pick.game === null ? null : bySlug.get(pick.game.toLowerCase());
      if (game === undefined) pickErrors.push({ line: pick.line, message: `The game picked for this line (${pick.game}) is not in the catalog` });
      else pickOf.set(pick.line, game);
    }
    // Rows without a pick keep matching's own result (no copy: a large file's rows are many).
    const decided: Decided[] = matches;
    if (pickOf.size > 0) {
      await forEachPaced(file.rows, pacer, (row, i) => {
        const pick = pickOf.get(row.line);
        if (pick !== undefined) decided[i] = { game: pick, flag: null, suggestion: null, leftOut: pick === null };
      });
    }
    return { decided, platforms, pickErrors };
  }

  /** Lines left out of an import, once each, with why; problems first (they come in file order from the reader). */
  function leftOutLines(file: ImportFile, decided: Decided[], problems: LineError[]): LineError[] {
    const out = new Map<number, string>();
    for (const problem of problems) if (!out.has(problem.line)) out.set(problem.line, problem.message);
    file.rows.forEach((row, i) => {
      const d = decided[i]!;
      if (d.game || out.has(row.line)) return;
      out.set(row.line, d.leftOut ? LEFT_OUT_BY_MEMBER : d.flag ? `${d.flag}: pick the game in the preview to import it` : NOT_IN_CATALOG);
    });
    return [...out]
      .sort((a, b) => a[0] - b[0])
      .slice(0, MAX_LINE_ERRORS)
      .map(([line, message]) => ({ line, message }));
  }

  return {
    /** What an import of this file or Steam library would do, writing nothing. */
    async previewFile(file: ImportFile, choices: Pick<ImportChoices, 'picks'>, pacer: Pacer = createPacer()): Promise<ImportPreview> {
      const { decided, platforms, pickErrors } = await decide(file, choices.picks, pacer);
      let matched = 0;
      let flagged = 0;
      for (const d of decided) {
        if (d.game) matched += 1;
        else if (d.flag && !d.leftOut) flagged += 1;
      }
      // The first rows as the file has them, then every row that needs a look (to the cap), in file order.
      const shown: number[] = [];
      for (let i = 0; i < file.rows.length && shown.length < PREVIEW_MAX_ROWS; i++) {
        if (i < PREVIEW_ROWS || !decided[i]!.game) shown.push(i);
      }
      const errors = [...file.errors, ...pickErrors].slice(0, MAX_LINE_ERRORS);
      return {
        format: file.format,
        total: file.rows.length,
        matched,
        unmatched: file.rows.length - matched - flagged,
        flagged,
        rows: shown.map((i) => presentPreviewRow(file.rows[i]!, decided[i]!, platforms.slugs(file.rows[i]!))),
        errors,
        errorCount: file.errorCount + pickErrors.length,
        notices: file.notices,
        ...(file.lists.length > 0 ? { lists: new Set(file.lists.flatMap((row) => (row.kind === 'list' ? [row.slug] : []))).size } : {}),
      };
    },

    /**
     * Applies every row that has a game, a batch of games per transaction.
     * Rows with problems make it a 400 that writes nothing, unless the
     * member chose to skip them; the answer lists each line left out.
     */
    async applyFile(userId: number, file: ImportFile, choices: ImportChoices, pacer: Pacer = createPacer()): Promise<ImportResult> {
      const { decided, platforms, pickErrors } = await decide(file, choices.picks, pacer);
      const problems = [...file.errors, ...pickErrors].sort((a, b) => a.line - b.line);
      const problemCount = file.errorCount + pickErrors.length;
      if (problemCount > 0 && !choices.skipInvalid) {
        const first = problems[0]!;
        throw badRequest(
          `Nothing was imported: ${problemCount === 1 ? '1 row has a problem' : `${problemCount} rows have problems`}. Line ${first.line}: ${first.message}`,
          Object.fromEntries(problems.slice(0, MAX_LINE_ERRORS).map((e) => [String(e.line), e.message])),
        );
      }
      // A line with a bad pick is skipped whole, like a row that cannot be read.
      const badPicks = new Set(pickErrors.map((e) => e.line));
      const games = decided.map((d, i) => (badPicks.has(file.rows[i]!.line) ? null : d.game));
      const counts = await applyImport(db, userId, file.rows, games, platforms, now(), pacer);
      // Lists after the library: a file's lists name games the library rows may have just added.
      const listed = await importLists(db, userId, file.lists, pacer, now());
      return {
        format: file.format,
        ...counts,
        unmatched: counts.unmatched + listed.unmatched,
        invalid: problemCount,
        notImported: leftOutLines(file, decided, problems),
        warnings: [...counts.warnings, ...listed.warnings],
        ...(file.lists.length > 0 ? { lists: listed.lists } : {}),
      };
    },

    /** A file's preview: read it, then previewFile. */
    async preview(input: ImportInput): Promise<ImportPreview> {
      const pacer = createPacer();
      const file = await readImportFile(input, pacer, { keepText: false });
      return this.previewFile(file, { picks: input.picks ?? [] }, pacer);
    },

    /** A file's import: read it, then applyFile. */
    async run(userId: number, input: ImportInput): Promise<ImportResult> {
      const pacer = createPacer();
      const file = await readImportFile(input, pacer);
      return this.applyFile(userId, file, { picks: input.picks ?? [], skipInvalid: input.skipInvalid ?? false }, pacer);
    },
  };
}

export type LibraryTransfer = ReturnType<typeof createLibraryTransfer>;

function presentPreviewRow(row: ImportRow, decided: Decided, platforms: string[]): ImportPreviewRow {
  const hours =
    row.kind === 'diary' ? row.hours : row.kind === 'play' ? null : row.playtimeMinutes !== null ? Math.round((row.playtimeMinutes / 60) * 10) / 10 : null;
  return {
    line: row.line,
    kind: row.kind,
    title: row.title || decided.game?.name || row.slug || '',
    year: row.year,
    platforms,
    status: row.kind === 'library' ? row.status : null,
    rating: row.rating,
    playedOn: row.kind === 'diary' ? row.playedOn : row.kind === 'play' ? (row.finishedOn ?? row.startedOn) : null,
    event: row.kind === 'diary' ? row.event : null,
    play: row.kind === 'play' ? row.number : row.kind === 'diary' ? row.play : null,
    match: summary(decided.game),
    flag: decided.leftOut ? null : decided.flag,
    suggestion: decided.leftOut ? null : summary(decided.suggestion),
    ratingNote: row.ratingNote,
    hours,
  };
}
