import type { Insertable, Selectable } from 'kysely';
import { LIBRARY_LIMITS, PLAY_STATUS } from '@vgl/shared';
import { lockMember } from '../../db/concurrency.js';
import type { Db } from '../../db/database.js';
import type { LibraryEntriesTable } from '../../db/schema.js';
import { keepFavouritesFree, planFavourites } from './import.favourites.js';
import { chunks, type GameRef, type Platforms } from './import.match.js';
import { forEachPaced, type Pacer } from './import.pace.js';
import { EMPTY_LIBRARY_FIELDS, joinNotes, type DiaryImportRow, type ImportRow, type LibraryImportRow, type LineError, type PlayImportRow } from './import.rows.js';
import { derivePlays, importPlays } from '../plays/plays.import.js';
import { diaryColumns, entryColumnsFromPlay } from '../library/library.diary.js';
import { blankEntry, type Conn } from '../library/library.repo.js';

/*
 * Applying: empty cells keep what the library already holds. The file's
 * games are written GAMES_PER_TRANSACTION at a time, each batch in its own
 * short transaction (a game's entry, platforms and diary rows together),
 * with the event loop given a turn between them: on SQLite a transaction
 * holds the only connection, and one transaction for 50,000 games would
 * keep every other request from the database for seconds. An import that
 * stops midway is completed by importing the file again (importing twice
 * changes nothing).
 */

/** Games written per transaction: a few milliseconds of SQLite. */
export const GAMES_PER_TRANSACTION = 250;

export interface ImportCounts {
  /** Library entries added or changed. */
  entries: number;
  /** Diary entries added. */
  diary: number;
  /** Rows whose game is not in the catalog. */
  unmatched: number;
  /** Diary rows already in the diary (same game, date, event, replay, time and platform). */
  skipped: number;
  /** What was imported only in part, e.g. a favourite past the limit. */
  warnings: LineError[];
}

/** A game's library rows folded in file order: later cells win, empty cells keep earlier ones. */
type EntryChanges = Pick<
  LibraryImportRow,
  | 'line'
  | 'status'
  | 'completion'
  | 'rating'
  | 'review'
  | 'reviewedAt'
  | 'startedOn'
  | 'finishedOn'
  | 'favourite'
  | 'favouritePosition'
  | 'loggedAt'
  | 'owned'
  | 'notes'
  | 'playtimeMinutes'
  | 'playtimeSource'
  | 'origin'
> & { platformIds: number[] };

function foldLibraryRow(into: EntryChanges | undefined, row: LibraryImportRow, platformIds: number[]): EntryChanges {
  // Dates travel as a pair, so a later play-through never leaves Started after Finished.
  const dates = row.startedOn || row.finishedOn ? row : into;
  return {
    line: into?.line ?? row.line,
    status: row.status ?? into?.status ?? null,
    // The level goes with the status that says it: a later row's other status drops it.
    completion: row.status !== null ? row.completion : (into?.completion ?? null),
    rating: row.rating ?? into?.rating ?? null,
    review: row.review ?? into?.review ?? null,
    reviewedAt: row.reviewedAt ?? into?.reviewedAt ?? null,
    startedOn: dates?.startedOn ?? null,
    finishedOn: dates?.finishedOn ?? null,
    favourite: row.favourite || (into?.favourite ?? false),
    favouritePosition: row.favouritePosition ?? into?.favouritePosition ?? null,
    owned: row.owned ?? into?.owned ?? null,
    notes: joinNotes(into?.notes, row.notes !== into?.notes ? row.notes : null),
    playtimeMinutes: row.playtimeMinutes ?? into?.playtimeMinutes ?? null,
    playtimeSource: row.playtimeMinutes !== null ? row.playtimeSource : (into?.playtimeSource ?? null),
    // A Steam row keeps its restraint (playtime only on a game already there) unless the file also has a row of its own for the game.
    origin: into && into.origin !== row.origin ? 'file' : row.origin,
    platformIds: [...new Set([...(into?.platformIds ?? []), ...platformIds])],
    loggedAt: into?.loggedAt ?? row.loggedAt,
  };
}

/** The entry's note with the file's added: a note already holding it is left as it is, so importing twice changes nothing. */
function mergedNotes(before: string | null, imported: string | null): string | null {
  if (imported === null || before === imported) return before;
  if (before === null || before.trim() === '') return imported;
  return before.includes(imported) ? before : joinNotes(before, imported);
}

/** What a diary row implies for a game the file has no library row for, as logging a play does. */
function changesFromDiary(rows: DiaryImportRow[]): EntryChanges {
  const latest = [...rows].sort((a, b) => a.playedOn.localeCompare(b.playedOn)).at(-1)!;
  const implied = entryColumnsFromPlay(latest);
  // A finish keeps the start of its play-through (a HowLongToBeat line gives both): the latest start up to it.
  const started = latest.event === 'finished' ? rows.filter((r) => r.event === 'started' && r.playedOn <= latest.playedOn).map((r) => r.playedOn).sort().at(-1) : undefined;
  return {
    ...EMPTY_LIBRARY_FIELDS,
    line: latest.line,
    status: implied.status,
    rating: implied.rating,
    startedOn: implied.started_on ?? started ?? null,
    finishedOn: implied.finished_on,
    platformIds: [],
    loggedAt: rows.map((r) => r.loggedAt).find((v) => v !== null) ?? null,
  };
}

/** A diary row with its platform found in the catalog (null: none, or a name the catalog does not know). */
type PlannedPlay = DiaryImportRow & { platformId: number | null };
type PlannedPlayRow = PlayImportRow & { platformId: number | null };

export interface GamePlan {
  game: GameRef;
  changes: EntryChanges | undefined;
  diary: PlannedPlay[];
  /** The file's play rows (VGL files); none: the plays are made from the entry and its sessions (plays.derive). */
  plays: PlannedPlayRow[];
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
  db: Pick<Db, 'kysely' | 'dialect'>,
  userId: number,
  rows: ImportRow[],
  matches: (GameRef | null)[],
  platforms: Platforms,
  at: number,
  pacer: Pacer,
): Promise<ImportCounts> {
  const plans = new Map<number, GamePlan>();
  let unmatched = 0;
  await forEachPaced(rows, pacer, (row, i) => {
    const game = matches[i];
    if (!game) {
      unmatched += 1;
      return;
    }
    const plan = plans.get(game.id) ?? { game, changes: undefined, diary: [], plays: [] };
    const platformId = (name: string | null) => (name ? (platforms.resolve([name])[0]?.id ?? null) : null);
    if (row.kind === 'library') plan.changes = foldLibraryRow(plan.changes, row, platforms.resolve(row.platforms).map((p) => p.id));
    else if (row.kind === 'play') plan.plays.push({ ...row, platformId: platformId(row.platform) });
    else plan.diary.push({ ...row, platformId: platformId(row.platform) });
    plans.set(game.id, plan);
  });

  // The member's favourite places (review addresses are read in each batch, under the member's lock).
  const favouriteRows = await db.kysely
    .selectFrom('library_entries')
    .select('favourite_position')
    .where('user_id', '=', userId)
    .where('favourite_position', 'is not', null)
    .execute();
  const favourites = new Set(favouriteRows.map((e) => e.favourite_position!));
  const reviewSlugs = new Set<string>();
  const warnings: LineError[] = [];
  const favouritePositions = await planFavourites(db.kysely, userId, [...plans.values()], favourites, warnings);

  const reviewSlug = (base: string) => {
    let slug = base;
    for (let n = 2; reviewSlugs.has(slug); n++) slug = `${base}-${n}`;
    reviewSlugs.add(slug);
    return slug;
  };

  let entries = 0;
  let added = 0;
  let skipped = 0;
  for (const batch of chunks([...plans.values()], GAMES_PER_TRANSACTION)) {
    const written = await db.kysely.transaction().execute(async (trx) => {
      // The member's own edits and sessions take the same lock (library.service, library.journal): a game
      // the member adds while the file is applied is then seen here, not inserted a second time.
      await lockMember(db, trx, userId);
      // Review addresses the member took since the import began (a review written meanwhile): a new one must not reuse them.
      for (const row of await trx.selectFrom('library_entries').select('review_slug').where('user_id', '=', userId).where('review_slug', 'is not', null).execute()) {
        reviewSlugs.add(row.review_slug!);
      }
      return applyBatch(trx, userId, batch, { favouritePositions, reviewSlug, at, warnings });
    });
    entries += written.entries;
    added += written.diary.added;
    skipped += written.diary.skipped;
    // Always a turn between transactions: requests waiting for SQLite's connection get it now.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return { entries, diary: added, unmatched, skipped, warnings };
}

/** Writes one batch of games: their entries, platforms and new diary rows. */
async function applyBatch(
  trx: Conn,
  userId: number,
  plans: GamePlan[],
  {
    favouritePositions,
    reviewSlug,
    at,
    warnings,
  }: { favouritePositions: Map<number, number>; reviewSlug: (base: string) => string; at: number; warnings: LineError[] },
) {
  const existing = await existingEntries(trx, userId, plans.map((p) => p.game.id));
  await keepFavouritesFree(trx, userId, plans, favouritePositions, warnings);
  const inserts: { plan: GamePlan; values: Insertable<LibraryEntriesTable> }[] = [];
  const entryIds = new Map<number, number>();
  const touched = new Set<number>();
  for (const plan of plans) {
    const before = existing.get(plan.game.id);
    if (before) entryIds.set(plan.game.id, before.id);
    const changes = plan.changes ?? (before ? undefined : changesFromDiary(plan.diary));
    if (!changes) continue;
    const newReview = changes.review !== null && changes.review !== before?.review;
    const reviewedAt = before?.review_created_at ?? changes.reviewedAt ?? changes.loggedAt ?? at;
    const playtime =
      changes.playtimeMinutes !== null ? { playtime_minutes: Math.round(changes.playtimeMinutes), playtime_source: changes.playtimeSource } : {};
    const merged = mergedNotes(before?.notes ?? null, changes.notes);
    const notes = merged !== null && merged.length > LIBRARY_LIMITS.entryNotesMaxLength ? `${merged.slice(0, LIBRARY_LIMITS.entryNotesMaxLength - 1)}…` : merged;
    if (notes !== merged) warnings.push({ line: changes.line, message: `The note on ${plan.game.name} was cut to ${LIBRARY_LIMITS.entryNotesMaxLength.toLocaleString('en-US')} characters.` });
    if (before && changes.origin === 'steam') {
      // A Steam library brings what Steam knows: the time played and that the game is owned; the member's status, rating and review stay.
      const steam = { ...playtime, ...(before.owned === null ? { owned: 1 } : {}) };
      if ((Object.keys(steam) as (keyof typeof steam)[]).some((key) => steam[key] !== before[key])) {
        await trx.updateTable('library_entries').set({ ...steam, updated_at: at }).where('id', '=', before.id).execute();
        touched.add(plan.game.id);
      }
      // Nor does it add platforms to a game the member already logged.
      plan.changes = { ...changes, platformIds: [] };
      continue;
    }
    const status = changes.status ?? before?.status ?? null;
    const values = {
      status,
      // Only a beaten game has a level: the file's, else the one it had while beaten before.
      completion: status !== PLAY_STATUS.beaten ? null : (changes.completion ?? (before?.status === PLAY_STATUS.beaten ? before.completion : null)),
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
      ...(changes.owned !== null ? { owned: changes.owned ? 1 : 0 } : {}),
      ...(notes !== (before?.notes ?? null) ? { notes } : {}),
      ...playtime,
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
      values: { ...blankEntry(userId, plan.game.id, created), ...values },
    });
  }
  for (const batch of chunks(inserts, 100)) {
    const saved = await trx.insertInto('library_entries').values(batch.map((i) => i.values)).returning(['id', 'game_id']).execute();
    for (const row of saved) {
      entryIds.set(row.game_id, row.id);
      touched.add(row.game_id);
    }
  }

  for (const gameId of await addPlatforms(trx, plans, entryIds, existing)) touched.add(gameId);
  // The file's plays first, so its sessions go into them; a game the file gives no plays has them made from its entry and sessions.
  const playIds = new Map<number, Map<number, number | null>>();
  for (const plan of plans) {
    const entryId = entryIds.get(plan.game.id);
    if (entryId !== undefined && plan.plays.length > 0) playIds.set(plan.game.id, await importPlays(trx, { userId, entryId, plays: plan.plays, at }));
  }
  const diary = await addDiary(trx, userId, plans, entryIds, playIds, at);
  for (const plan of plans) {
    const entryId = entryIds.get(plan.game.id);
    if (entryId !== undefined && plan.plays.length === 0 && (touched.has(plan.game.id) || plan.diary.length > 0)) await derivePlays(trx, entryId, at);
  }
  return { entries: touched.size, diary };
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

/**
 * Inserts diary rows the diary does not hold yet, so importing a file twice adds nothing the second time.
 * Two sessions of a game on one day differ in their time or platform, so those are part of what makes a row the same.
 */
async function addDiary(trx: Conn, userId: number, plans: GamePlan[], entryIds: Map<number, number>, playIds: Map<number, Map<number, number | null>>, at: number) {
  const withDiary = plans.filter((p) => p.diary.length > 0);
  const key = (gameId: number, playedOn: string, event: string, replay: boolean | number, minutes: number | null, platformId: number | null) =>
    `${gameId}|${playedOn}|${event}|${Number(replay)}|${minutes ?? ''}|${platformId ?? ''}`;
  const seen = new Set<string>();
  for (const ids of chunks(withDiary.map((p) => p.game.id))) {
    const rows = await trx
      .selectFrom('diary_entries')
      .select(['game_id', 'played_on', 'event', 'replay', 'minutes_played', 'platform_id'])
      .where('user_id', '=', userId)
      .where('game_id', 'in', ids)
      .execute();
    for (const row of rows) seen.add(key(row.game_id, row.played_on, row.event, Number(row.replay), row.minutes_played, row.platform_id));
  }
  let skipped = 0;
  const values = withDiary.flatMap((plan) =>
    plan.diary.flatMap((row) => {
      const columns = diaryColumns(row);
      const k = key(plan.game.id, row.playedOn, row.event, row.replay, columns.minutes_played, row.platformId);
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
          ...columns,
          platform_id: row.platformId,
          // The play the file puts it in (a replay's id; null, the first play); not said: plays.derive places it.
          play_id: row.play === null ? null : (playIds.get(plan.game.id)?.get(row.play) ?? null),
          created_at: row.loggedAt ?? at,
        },
      ];
    }),
  );
  for (const batch of chunks(values, 200)) await trx.insertInto('diary_entries').values(batch).execute();
  return { added: values.length, skipped };
}
