import { CsvError, parse } from 'csv-parse/sync';
import { sql, type Kysely, type Selectable } from 'kysely';
import { LIBRARY_LIMITS, PLAY_STATUS, searchWords, slugify, type PlayStatus } from '@vgl/shared';
import { diaryEntryInputSchema, firstFieldErrors, libraryEntryInputSchema } from '@vgl/shared/schemas';
import type { Db } from '../../db/database.js';
import type { Database, LibraryEntriesTable } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { Cells, readGrouveeRecord, readHltbRecord, readVglRecord, type DiaryImportRow, type ImportRow, type LibraryImportRow } from './library.csv.js';
import type { Conn } from './library.repo.js';

export const IMPORT_FORMATS = ['vgl', 'hltb', 'grouvee'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export interface ImportInput {
  csv: string;
  format: ImportFormat | 'auto';
}

export interface LineError {
  line: number;
  message: string;
}

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
}

export interface ImportResult extends ImportCounts {
  format: ImportFormat;
}

const PREVIEW_ROWS = 500;
const MAX_ERRORS = 500;

const FORMAT_NAMES: Record<ImportFormat, string> = { vgl: 'VGL export', hltb: 'HowLongToBeat export', grouvee: 'Grouvee export' };

/** Each format by the header columns that identify it (lower case). */
const SIGNATURES: Record<ImportFormat, (columns: Set<string>) => boolean> = {
  vgl: (c) => c.has('record_type') && (c.has('title') || c.has('game_slug') || c.has('igdb_id')),
  hltb: (c) => c.has('title') && ['playing', 'backlog', 'completed', 'retired', 'completion date', 'progress'].some((name) => c.has(name)),
  grouvee: (c) => c.has('name') && c.has('shelves'),
};

const READERS: Record<ImportFormat, (line: number, cells: Cells) => ImportRow[]> = {
  vgl: (line, cells) => {
    const row = readVglRecord(line, cells);
    return row ? [row] : [];
  },
  hltb: readHltbRecord,
  grouvee: readGrouveeRecord,
};

/** Excel in some locales writes ";" or tabs: take whichever the header uses most. */
function delimiterOf(headerLine: string): string {
  const counts = [',', ';', '\t'].map((d) => [d, headerLine.split(d).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

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

function detectFormat(header: string[], requested: ImportInput['format']): ImportFormat {
  const columns = new Set(header);
  const shown = (count: number) => header.slice(0, count).map((name) => (name.length > 30 ? `${name.slice(0, 30)}…` : name)).join(', ');
  if (requested !== 'auto') {
    if (!SIGNATURES[requested](columns)) throw badRequest(`This is not a ${FORMAT_NAMES[requested]}: its columns are ${shown(8) || 'missing'}.`);
    return requested;
  }
  const format = IMPORT_FORMATS.find((f) => SIGNATURES[f](columns));
  if (!format) {
    throw badRequest(
      `VGL does not know this file's columns (${shown(6) || 'none'}). ` +
        'Import a VGL export (record_type, title, …), a HowLongToBeat export (Title, Platform, Playing, …) or a Grouvee export (id, name, shelves, …).',
    );
  }
  return format;
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

// Matching: IGDB id, then our own slug (VGL files), then title and year, then a title only one game has.

export interface GameRef {
  id: number;
  slug: string;
  name: string;
  year: number | null;
  popularity: number;
}

/** Case, accents and punctuation do not matter: "Pokémon: Red!" and "pokemon red" are one title. */
const titleKey = (title: string) => searchWords(title.replace(/&/g, ' and ')).join(' ');

const BATCH = 500;
function* chunks<T>(list: T[], size = BATCH): Generator<T[]> {
  for (let i = 0; i < list.length; i += size) yield list.slice(i, i + size);
}
const unique = <T>(list: (T | null)[]) => [...new Set(list.filter((v): v is T => v !== null))];

const selectGames = (k: Kysely<Database>) => k.selectFrom('games').select(['id', 'slug', 'name', 'release_year as year', 'popularity', 'igdb_id']);

/** Games by the title key of their name (primary) or of an alternative name. */
class TitleIndex {
  private readonly byKey = new Map<string, Map<number, { game: GameRef; primary: boolean }>>();

  add(name: string, game: GameRef, primary: boolean): void {
    const key = titleKey(name);
    if (!key) return;
    const games = this.byKey.get(key) ?? new Map<number, { game: GameRef; primary: boolean }>();
    if (!games.get(game.id)?.primary) games.set(game.id, { game, primary });
    this.byKey.set(key, games);
  }

  candidates(title: string) {
    return [...(this.byKey.get(titleKey(title))?.values() ?? [])];
  }
}

/** The same year wins (a primary name before an alternative one, then the more popular); without one, only a title exactly one game has. */
function pickByTitle(candidates: { game: GameRef; primary: boolean }[], year: number | null): GameRef | null {
  const ranked = [...candidates].sort((a, b) => Number(b.primary) - Number(a.primary) || b.game.popularity - a.game.popularity || a.game.id - b.game.id);
  const sameYear = year === null ? undefined : ranked.find((c) => c.game.year === year);
  if (sameYear) return sameYear.game;
  const primary = ranked.filter((c) => c.primary);
  const pool = primary.length > 0 ? primary : ranked;
  return pool.length === 1 ? pool[0]!.game : null;
}

/** Up to 50 games whose name or alternative names hold the title's words in order (the search index folds case and accents). */
async function searchTitle(db: Db, key: string): Promise<number[]> {
  const words = key.split(' ').slice(0, 16).join(' ');
  const rows =
    db.dialect === 'sqlite'
      ? await sql<{ id: number }>`select r.game_id as id from games_fts join search_ranks r on r.rank = games_fts.rowid
          where games_fts match ${`"${words}"`} order by games_fts.rowid limit 50`.execute(db.kysely)
      : await sql<{ id: number }>`select id from games where search_vector @@ phraseto_tsquery('vgl_search', ${words})
          order by popularity desc, id limit 50`.execute(db.kysely);
  return rows.rows.map((r) => r.id);
}

/** The game of each row, or null; exact lookups in batches, the search index only for titles they leave open. */
export async function matchGames(db: Db, rows: ImportRow[]): Promise<(GameRef | null)[]> {
  const k = db.kysely;
  const byIgdb = new Map<number, GameRef>();
  const bySlug = new Map<string, GameRef>();
  const titles = new TitleIndex();
  for (const ids of chunks(unique(rows.map((r) => r.igdbId)))) {
    for (const game of await selectGames(k).where('igdb_id', 'in', ids).execute()) byIgdb.set(game.igdb_id!, game);
  }
  for (const slugs of chunks(unique(rows.map((r) => r.slug)))) {
    for (const game of await selectGames(k).where('slug', 'in', slugs).execute()) bySlug.set(game.slug, game);
  }
  const rowTitles = unique(rows.map((r) => r.title || null));
  for (const names of chunks(rowTitles)) {
    for (const game of await selectGames(k).where('name', 'in', names).execute()) titles.add(game.name, game, true);
    const slugs = unique(names.map((n) => slugify(n) || null));
    if (slugs.length > 0) for (const game of await selectGames(k).where('slug', 'in', slugs).execute()) titles.add(game.name, game, true);
  }

  // A VGL slug is trusted when the title agrees with it (another catalog may give the slug to another game).
  const direct = (row: ImportRow): GameRef | undefined => {
    const byId = row.igdbId === null ? undefined : byIgdb.get(row.igdbId);
    if (byId) return byId;
    const game = row.slug ? bySlug.get(row.slug) : undefined;
    return game && (!row.title || titleKey(row.title) === titleKey(game.name) || row.year === game.year) ? game : undefined;
  };

  const searched = new Set<string>();
  for (const row of rows) {
    const key = titleKey(row.title);
    if (!key || searched.has(key) || direct(row)) continue;
    const known = titles.candidates(row.title);
    if (known.length > 0 && (row.year === null || known.some((c) => c.game.year === row.year))) continue;
    searched.add(key);
    const ids = await searchTitle(db, key);
    if (ids.length === 0) continue;
    const games = new Map((await selectGames(k).where('id', 'in', ids).execute()).map((g) => [g.id, g]));
    for (const game of games.values()) titles.add(game.name, game, true);
    for (const alt of await k.selectFrom('alternative_names').select(['game_id', 'name']).where('game_id', 'in', ids).execute()) {
      titles.add(alt.name, games.get(alt.game_id)!, false);
    }
  }
  return rows.map((row) => direct(row) ?? (row.title ? pickByTitle(titles.candidates(row.title), row.year) : null));
}

export interface PlatformRef {
  id: number;
  slug: string;
}

/** Platforms by slug, name, abbreviation or alternative name ("PC", "PlayStation 4", "snes"); unknown ones are dropped. */
export async function platformResolver(k: Conn) {
  const platforms = await k.selectFrom('platforms').select(['id', 'slug', 'name', 'abbreviation', 'alternative_name']).orderBy('id').execute();
  const byKey = new Map<string, PlatformRef>();
  const add = (key: string | null, p: PlatformRef) => {
    const normal = key?.trim().toLowerCase();
    if (normal && !byKey.has(normal)) byKey.set(normal, { id: p.id, slug: p.slug });
  };
  // Earlier passes win: a slug is exact, a name is more specific than an abbreviation.
  for (const p of platforms) add(p.slug, p);
  for (const p of platforms) add(p.name, p);
  for (const p of platforms) add(p.abbreviation, p);
  for (const p of platforms) for (const alt of (p.alternative_name ?? '').split(/[,;]/)) add(alt, p);
  for (const p of platforms) add(slugify(p.name), p);
  const resolve = (names: string[]): PlatformRef[] => {
    const found = names.map((n) => byKey.get(n.trim().toLowerCase()) ?? byKey.get(slugify(n))).filter((p): p is PlatformRef => p !== undefined);
    return [...new Map(found.map((p) => [p.id, p])).values()].slice(0, LIBRARY_LIMITS.platformsPerEntry);
  };
  return { resolve, slugs: (row: ImportRow) => (row.kind === 'library' ? resolve(row.platforms).map((p) => p.slug) : []) };
}
type Platforms = Awaited<ReturnType<typeof platformResolver>>;

// Applying: one transaction; empty cells keep what the library already holds.

export interface ImportCounts {
  /** Library entries added or changed. */
  entries: number;
  /** Diary entries added. */
  diary: number;
  /** Rows whose game is not in the catalog. */
  unmatched: number;
  /** Diary rows already in the diary (same game, date, event and replay). */
  skipped: number;
  /** What was imported only in part, e.g. a favourite past the limit. */
  warnings: LineError[];
}

/** A game's library rows folded in file order: later cells win, empty cells keep earlier ones. */
interface EntryChanges {
  line: number;
  status: PlayStatus | null;
  rating: number | null;
  review: string | null;
  reviewedAt: number | null;
  startedOn: string | null;
  finishedOn: string | null;
  favourite: boolean;
  favouritePosition: number | null;
  platformIds: number[];
  loggedAt: number | null;
}

function foldLibraryRow(into: EntryChanges | undefined, row: LibraryImportRow, platformIds: number[]): EntryChanges {
  // Dates travel as a pair, so a later play-through never leaves Started after Finished.
  const dates = row.startedOn || row.finishedOn ? row : into;
  return {
    line: into?.line ?? row.line,
    status: row.status ?? into?.status ?? null,
    rating: row.rating ?? into?.rating ?? null,
    review: row.review ?? into?.review ?? null,
    reviewedAt: row.reviewedAt ?? into?.reviewedAt ?? null,
    startedOn: dates?.startedOn ?? null,
    finishedOn: dates?.finishedOn ?? null,
    favourite: row.favourite || (into?.favourite ?? false),
    favouritePosition: row.favouritePosition ?? into?.favouritePosition ?? null,
    platformIds: [...new Set([...(into?.platformIds ?? []), ...platformIds])],
    loggedAt: into?.loggedAt ?? row.loggedAt,
  };
}

/** What a diary row implies for a game the file has no library row for, as logging a play does. */
function changesFromDiary(rows: DiaryImportRow[]): EntryChanges {
  const latest = [...rows].sort((a, b) => a.playedOn.localeCompare(b.playedOn)).at(-1)!;
  return {
    line: latest.line,
    status: latest.event === 'finished' ? PLAY_STATUS.beaten : PLAY_STATUS.playing,
    rating: latest.rating,
    review: null,
    reviewedAt: null,
    startedOn: latest.event === 'started' ? latest.playedOn : null,
    finishedOn: latest.event === 'finished' ? latest.playedOn : null,
    favourite: false,
    favouritePosition: null,
    platformIds: [],
    loggedAt: rows.map((r) => r.loggedAt).find((v) => v !== null) ?? null,
  };
}

interface GamePlan {
  game: GameRef;
  changes: EntryChanges | undefined;
  diary: DiaryImportRow[];
}

type EntryRecord = Selectable<LibraryEntriesTable>;

async function existingEntries(trx: Conn, userId: number, gameIds: number[]): Promise<Map<number, EntryRecord>> {
  const map = new Map<number, EntryRecord>();
  for (const ids of chunks(gameIds)) {
    for (const entry of await trx.selectFrom('library_entries').selectAll().where('user_id', '=', userId).where('game_id', 'in', ids).execute()) {
      map.set(entry.game_id, entry);
    }
  }
  return map;
}

export async function applyImport(
  trx: Conn,
  userId: number,
  rows: ImportRow[],
  matches: (GameRef | null)[],
  platforms: Platforms,
  at: number,
): Promise<ImportCounts> {
  const plans = new Map<number, GamePlan>();
  let unmatched = 0;
  rows.forEach((row, i) => {
    const game = matches[i];
    if (!game) {
      unmatched += 1;
      return;
    }
    const plan = plans.get(game.id) ?? { game, changes: undefined, diary: [] };
    if (row.kind === 'library') plan.changes = foldLibraryRow(plan.changes, row, platforms.resolve(row.platforms).map((p) => p.id));
    else plan.diary.push(row);
    plans.set(game.id, plan);
  });

  const existing = await existingEntries(trx, userId, [...plans.keys()]);
  const ownEntries = await trx
    .selectFrom('library_entries')
    .select(['review_slug', 'favourite_position'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('review_slug', 'is not', null), eb('favourite_position', 'is not', null)]))
    .execute();
  const reviewSlugs = new Set(ownEntries.map((e) => e.review_slug).filter((s): s is string => s !== null));
  const favourites = new Set(ownEntries.map((e) => e.favourite_position).filter((p): p is number => p !== null));
  const warnings: LineError[] = [];

  const reviewSlug = (base: string) => {
    let slug = base;
    for (let n = 2; reviewSlugs.has(slug); n++) slug = `${base}-${n}`;
    reviewSlugs.add(slug);
    return slug;
  };

  // Favourites in the order the file asks for; the limit counts the ones the user already has.
  const favouritePositions = new Map<number, number>();
  const wanted = [...plans.values()]
    .filter((p) => p.changes?.favourite && (existing.get(p.game.id)?.favourite_position ?? null) === null)
    .sort((a, b) => (a.changes!.favouritePosition ?? Infinity) - (b.changes!.favouritePosition ?? Infinity));
  for (const plan of wanted) {
    if (favourites.size >= LIBRARY_LIMITS.favourites) {
      warnings.push({ line: plan.changes!.line, message: `${plan.game.name} was not made a favourite: you can have up to ${LIBRARY_LIMITS.favourites} favourite games.` });
      continue;
    }
    const asked = plan.changes!.favouritePosition;
    const position = asked !== null && asked <= LIBRARY_LIMITS.favourites && !favourites.has(asked) ? asked : Math.max(0, ...favourites) + 1;
    favourites.add(position);
    favouritePositions.set(plan.game.id, position);
  }

  const inserts: { plan: GamePlan; values: Omit<EntryRecord, 'id'> }[] = [];
  const entryIds = new Map<number, number>();
  const touched = new Set<number>();
  for (const plan of plans.values()) {
    const before = existing.get(plan.game.id);
    if (before) entryIds.set(plan.game.id, before.id);
    const changes = plan.changes ?? (before ? undefined : changesFromDiary(plan.diary));
    if (!changes) continue;
    const newReview = changes.review !== null && changes.review !== before?.review;
    const reviewedAt = before?.review_created_at ?? changes.reviewedAt ?? changes.loggedAt ?? at;
    const values = {
      status: changes.status ?? before?.status ?? null,
      rating: changes.rating ?? before?.rating ?? null,
      ...(newReview
        ? {
            review: changes.review,
            review_slug: before?.review_slug ?? reviewSlug(plan.game.slug),
            review_created_at: reviewedAt,
            review_updated_at: before ? at : reviewedAt,
          }
        : {}),
      ...(changes.startedOn || changes.finishedOn ? { started_on: changes.startedOn, finished_on: changes.finishedOn } : {}),
      ...(favouritePositions.has(plan.game.id) ? { favourite_position: favouritePositions.get(plan.game.id)! } : {}),
    };
    if (before) {
      const changed = (Object.keys(values) as (keyof typeof values)[]).some((key) => values[key] !== before[key]);
      if (changed) {
        await trx.updateTable('library_entries').set({ ...values, updated_at: at }).where('id', '=', before.id).execute();
        touched.add(plan.game.id);
      }
      continue;
    }
    const created = changes.loggedAt ?? at;
    inserts.push({
      plan,
      values: {
        user_id: userId,
        game_id: plan.game.id,
        review: null,
        review_slug: null,
        review_created_at: null,
        review_updated_at: null,
        started_on: null,
        finished_on: null,
        favourite_position: null,
        featured_position: null,
        likes_count: 0,
        comments_count: 0,
        created_at: created,
        updated_at: created,
        ...values,
      },
    });
  }
  for (const batch of chunks(inserts, 100)) {
    const saved = await trx.insertInto('library_entries').values(batch.map((i) => i.values)).returning(['id', 'game_id']).execute();
    for (const row of saved) {
      entryIds.set(row.game_id, row.id);
      touched.add(row.game_id);
    }
  }

  for (const gameId of await addPlatforms(trx, [...plans.values()], entryIds, existing)) touched.add(gameId);
  const diary = await addDiary(trx, userId, [...plans.values()], entryIds, at);
  return { entries: touched.size, diary: diary.added, unmatched, skipped: diary.skipped, warnings };
}

/** Adds the file's platforms to each entry's, up to the per-entry limit; returns the games that gained some. */
async function addPlatforms(trx: Conn, plans: GamePlan[], entryIds: Map<number, number>, existing: Map<number, EntryRecord>): Promise<number[]> {
  const withPlatforms = plans.filter((p) => p.changes && p.changes.platformIds.length > 0);
  const current = new Map<number, Set<number>>();
  const existingIds = withPlatforms.map((p) => existing.get(p.game.id)?.id).filter((id): id is number => id !== undefined);
  for (const ids of chunks(existingIds)) {
    for (const row of await trx.selectFrom('library_entry_platforms').select(['entry_id', 'platform_id']).where('entry_id', 'in', ids).execute()) {
      current.set(row.entry_id, (current.get(row.entry_id) ?? new Set()).add(row.platform_id));
    }
  }
  const gained: number[] = [];
  const values = withPlatforms.flatMap((plan) => {
    const entryId = entryIds.get(plan.game.id)!;
    const have = current.get(entryId) ?? new Set<number>();
    const room = LIBRARY_LIMITS.platformsPerEntry - have.size;
    const added = plan.changes!.platformIds.filter((id) => !have.has(id)).slice(0, Math.max(0, room));
    if (added.length > 0) gained.push(plan.game.id);
    return added.map((platform_id) => ({ entry_id: entryId, platform_id }));
  });
  for (const batch of chunks(values)) await trx.insertInto('library_entry_platforms').values(batch).execute();
  return gained;
}

/** Inserts diary rows the diary does not hold yet, so importing a file twice adds nothing the second time. */
async function addDiary(trx: Conn, userId: number, plans: GamePlan[], entryIds: Map<number, number>, at: number) {
  const withDiary = plans.filter((p) => p.diary.length > 0);
  const key = (gameId: number, playedOn: string, event: string, replay: boolean | number) => `${gameId}|${playedOn}|${event}|${Number(replay)}`;
  const seen = new Set<string>();
  for (const ids of chunks(withDiary.map((p) => p.game.id))) {
    const rows = await trx.selectFrom('diary_entries').select(['game_id', 'played_on', 'event', 'replay']).where('user_id', '=', userId).where('game_id', 'in', ids).execute();
    for (const row of rows) seen.add(key(row.game_id, row.played_on, row.event, Number(row.replay)));
  }
  let skipped = 0;
  const values = withDiary.flatMap((plan) =>
    plan.diary.flatMap((row) => {
      const k = key(plan.game.id, row.playedOn, row.event, row.replay);
      if (seen.has(k)) {
        skipped += 1;
        return [];
      }
      seen.add(k);
      return [
        {
          user_id: userId,
          entry_id: entryIds.get(plan.game.id)!,
          game_id: plan.game.id,
          played_on: row.playedOn,
          event: row.event,
          rating: row.rating,
          note: row.note,
          replay: row.replay ? 1 : 0,
          minutes_played: row.hours === null ? null : Math.round(row.hours * 60),
          created_at: row.loggedAt ?? at,
        },
      ];
    }),
  );
  for (const batch of chunks(values, 200)) await trx.insertInto('diary_entries').values(batch).execute();
  return { added: values.length, skipped };
}

export function createLibraryTransfer(db: Db, now: () => number = Date.now) {
  const k = db.kysely;
  return {
    /** What an import would do, writing nothing. */
    async preview(input: ImportInput): Promise<ImportPreview> {
      const { format, rows, errors } = readImportFile(input);
      const [matches, platforms] = await Promise.all([matchGames(db, rows), platformResolver(k)]);
      const matched = matches.filter(Boolean).length;
      return {
        format,
        total: rows.length,
        matched,
        unmatched: rows.length - matched,
        rows: rows.slice(0, PREVIEW_ROWS).map((row, i) => presentPreviewRow(row, matches[i] ?? null, platforms.slugs(row))),
        errors: errors.slice(0, MAX_ERRORS),
      };
    },

    /** Applies every matched row in one transaction; any invalid row makes it a 400 that writes nothing. */
    async run(userId: number, input: ImportInput): Promise<ImportResult> {
      const { format, rows, errors } = readImportFile(input);
      if (errors.length > 0) {
        const first = errors[0]!;
        throw badRequest(
          `Nothing was imported: ${errors.length === 1 ? '1 row has a problem' : `${errors.length} rows have problems`}. Line ${first.line}: ${first.message}`,
          Object.fromEntries(errors.slice(0, MAX_ERRORS).map((e) => [String(e.line), e.message])),
        );
      }
      const [matches, platforms] = await Promise.all([matchGames(db, rows), platformResolver(k)]);
      const counts = await k.transaction().execute((trx) => applyImport(trx, userId, rows, matches, platforms, now()));
      return { format, ...counts };
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
