import { LIST_LIMITS, slugify } from '@vgl/shared';
import { listInputSchema, writtenTextSchema } from '@vgl/shared/schemas';
import type { z } from 'zod';
import { lockMember } from '../../db/concurrency.js';
import type { Db } from '../../db/database.js';
import { matchGames, type GameRef } from '../transfer/import.match.js';
import type { Pacer } from '../transfer/import.pace.js';
import { libraryRow, rowBase, type Cells, type LineError } from '../transfer/import.rows.js';
import type { Conn } from '../library/library.repo.js';
import { listsRepo } from './lists.repo.js';

/*
 * Lists in a VGL file (columns in lists.columns.ts): read while the file is
 * read (import.file.ts), applied after the library. A list is found
 * by its slug among the member's lists, or made with it; importing a file
 * twice changes nothing the second time.
 */

export interface ListFileList {
  kind: 'list';
  line: number;
  slug: string;
  title: string;
  description: string | null;
  ranked: boolean;
  isPublic: boolean;
  createdAt: number | null;
}

export interface ListFileGame {
  kind: 'list_game';
  line: number;
  listSlug: string;
  position: number | null;
  note: string | null;
  addedAt: number | null;
  igdbId: number | null;
  slug: string | null;
  title: string;
  year: number | null;
}

export type ListFileRow = ListFileList | ListFileGame;

export interface ListImportCounts {
  /** Lists made or changed. */
  lists: number;
  /** list_game rows whose game is not in the catalog. */
  unmatched: number;
  warnings: LineError[];
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const noteSchema = writtenTextSchema('Note', LIST_LIMITS.noteMaxLength);

const problems = (error: z.ZodError) => [...new Set(error.issues.map((issue) => issue.message))].join('; ');

/** Whether a VGL record is a list's (the library reader takes the rest). */
export const isListRecord = (cells: Cells) => ['list', 'list_game'].includes(cells.get('record_type').toLowerCase());

/** One list or list_game record, checked with the list form's rules; null when a cell cannot be read (see cells.errors). */
export function readListRecord(line: number, cells: Cells): ListFileRow | null {
  const loggedAt = cells.instant('logged_at', 'logged_at');
  if (cells.get('record_type').toLowerCase() === 'list') {
    const form = listInputSchema.safeParse({
      title: cells.get('list_title'),
      description: cells.raw('list_description'),
      ranked: cells.boolean('list_ranked', 'list_ranked') ?? false,
      isPublic: cells.boolean('list_public', 'list_public') ?? true,
    });
    if (!form.success) return cells.fail(problems(form.error));
    const slug = cells.get('list_slug').toLowerCase() || slugify(form.data.title) || 'list';
    if (slug.length > 100 || !SLUG.test(slug)) return cells.fail(`list_slug must be lower-case letters, digits and dashes (at most 100), not "${cells.get('list_slug')}"`);
    if (cells.errors.length > 0) return null;
    return { kind: 'list', line, slug, ...form.data, createdAt: loggedAt };
  }
  const listSlug = cells.get('list_slug').toLowerCase();
  if (!listSlug) return cells.fail('A list_game row needs list_slug, the slug of its list');
  const note = noteSchema.safeParse(cells.raw('note'));
  if (!note.success) return cells.fail(problems(note.error));
  const row: ListFileGame = {
    kind: 'list_game',
    line,
    listSlug,
    position: cells.wholeNumber('list_position', 'list_position'),
    note: note.data,
    addedAt: loggedAt,
    igdbId: cells.wholeNumber('igdb_id', 'igdb_id'),
    slug: cells.get('game_slug').toLowerCase() || null,
    title: cells.get('title'),
    year: cells.wholeNumber('year', 'year'),
  };
  if (!row.title && row.igdbId === null && !row.slug) return cells.fail('The row names no game: fill title, game_slug or igdb_id');
  return cells.errors.length > 0 ? null : row;
}

interface ListPlan {
  list: ListFileList;
  games: { row: ListFileGame; game: GameRef }[];
}

/** Makes or updates each list of the file and adds its games, one list per short transaction. */
export async function importLists(db: Db, userId: number, rows: ListFileRow[], pacer: Pacer, at: number): Promise<ListImportCounts> {
  const warnings: LineError[] = [];
  const plans = new Map<string, ListPlan>();
  for (const row of rows) {
    // A list named twice: the later row's title and settings win, the games add up.
    if (row.kind === 'list') plans.set(row.slug, { list: row, games: plans.get(row.slug)?.games ?? [] });
  }
  const gameRows = rows.filter((row): row is ListFileGame => row.kind === 'list_game');
  const matches = await matchGames(
    db,
    gameRows.map((row) => libraryRow(rowBase(row.line, { igdbId: row.igdbId, slug: row.slug, title: row.title, year: row.year }), {})),
    pacer,
  );
  let unmatched = 0;
  gameRows.forEach((row, i) => {
    const plan = plans.get(row.listSlug);
    const game = matches[i];
    if (!plan) warnings.push({ line: row.line, message: `There is no list row for list_slug "${row.listSlug}": this game was not added to a list.` });
    else if (!game) unmatched += 1;
    else plan.games.push({ row, game });
  });

  let lists = 0;
  for (const plan of plans.values()) {
    const changed = await db.kysely.transaction().execute(async (trx) => {
      // The member's count of lists is read before a new one is made.
      await lockMember(db, trx, userId);
      return applyList(trx, userId, plan, at, warnings);
    });
    if (changed) lists += 1;
    await pacer.slice();
  }
  return { lists, unmatched, warnings };
}

async function applyList(trx: Conn, userId: number, { list, games }: ListPlan, at: number, warnings: LineError[]): Promise<boolean> {
  const existing = await listsRepo.bySlug(trx, userId, list.slug);
  const settings = { title: list.title, description: list.description, ranked: list.ranked ? 1 : 0, is_public: list.isPublic ? 1 : 0 };
  let listId: number;
  let changed = false;
  if (!existing) {
    if ((await listsRepo.countOf(trx, userId)) >= LIST_LIMITS.listsPerMember) {
      warnings.push({ line: list.line, message: `"${list.title}" was not imported: you can have up to ${LIST_LIMITS.listsPerMember} lists.` });
      return false;
    }
    const created = list.createdAt ?? at;
    listId = (await listsRepo.insert(trx, { user_id: userId, slug: list.slug, ...settings, created_at: created, updated_at: created })).id;
    changed = true;
  } else {
    listId = existing.id;
    const before = { title: existing.title, description: existing.description, ranked: Number(existing.ranked), is_public: Number(existing.is_public) };
    if ((Object.keys(settings) as (keyof typeof settings)[]).some((key) => settings[key] !== before[key])) {
      await listsRepo.update(trx, listId, { ...settings, updated_at: at });
      changed = true;
    }
  }

  // The file's order (by list_position, then line), each game once; then the games the list had that the file does not name.
  const ordered = [...games].sort((a, b) => (a.row.position ?? Infinity) - (b.row.position ?? Infinity) || a.row.line - b.row.line);
  const wanted = [...new Map(ordered.map((g) => [g.game.id, g])).values()];
  const current = await listsRepo.items(trx, listId);
  const have = new Map(current.map((item) => [item.game_id, item]));
  let room = LIST_LIMITS.gamesPerList - current.length;
  const inserts = [];
  let next = Math.max(0, ...current.map((item) => item.position)) + 1;
  const kept: number[] = [];
  for (const { row, game } of wanted) {
    const item = have.get(game.id);
    if (item) {
      kept.push(game.id);
      if (row.note !== null && row.note !== item.note) {
        await listsRepo.setNote(trx, listId, game.id, row.note);
        changed = true;
      }
      continue;
    }
    if (room <= 0) {
      warnings.push({ line: row.line, message: `${game.name} was not added to "${list.title}": a list can hold up to ${LIST_LIMITS.gamesPerList} games.` });
      continue;
    }
    room -= 1;
    kept.push(game.id);
    inserts.push({ list_id: listId, game_id: game.id, position: next++, note: row.note, added_at: row.addedAt ?? at });
  }
  if (inserts.length > 0) {
    await listsRepo.insertGames(trx, inserts);
    changed = true;
  }
  const order = [...kept, ...current.map((item) => item.game_id).filter((id) => !kept.includes(id))];
  const before = [...current.map((item) => item.game_id), ...inserts.map((i) => i.game_id)];
  if (order.some((id, i) => id !== before[i])) {
    await listsRepo.setOrder(trx, listId, order);
    changed = true;
  }
  if (changed && existing) await listsRepo.touch(trx, listId, at);
  return changed;
}
