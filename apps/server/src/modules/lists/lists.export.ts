import { VGL_COLUMNS, type VglColumn } from '../transfer/transfer.csv.js';
import type { Conn } from '../library/library.repo.js';

/** Lists read per query (a member has at most a hundred, of at most 250 games each). */
const BATCH = 10;

const iso = (ms: number) => new Date(Number(ms)).toISOString();
const record = (values: Partial<Record<VglColumn, string>>) => VGL_COLUMNS.map((column) => values[column] ?? '');

/**
 * The member's lists as VGL CSV records, after the library's: each list's
 * `list` row, then a `list_game` row per game in list order (positions
 * 1..n). Private lists too: the export is the owner's own.
 */
export async function* listRecords(db: Conn, userId: number): AsyncGenerator<string[][]> {
  let after = 0;
  for (;;) {
    const lists = await db.selectFrom('lists').selectAll().where('user_id', '=', userId).where('id', '>', after).orderBy('id').limit(BATCH).execute();
    if (lists.length === 0) return;
    const games = await db
      .selectFrom('list_games as lg')
      .innerJoin('games as g', 'g.id', 'lg.game_id')
      .select(['lg.list_id', 'lg.note', 'lg.added_at', 'g.igdb_id', 'g.slug', 'g.name', 'g.release_year'])
      .where('lg.list_id', 'in', lists.map((l) => l.id))
      .orderBy('lg.list_id')
      .orderBy('lg.position')
      .orderBy('lg.game_id')
      .execute();
    const records: string[][] = [];
    for (const list of lists) {
      records.push(
        record({
          record_type: 'list',
          list_slug: list.slug,
          list_title: list.title,
          list_description: list.description ?? '',
          list_ranked: Number(list.ranked) === 1 ? 'true' : 'false',
          list_public: Number(list.is_public) === 1 ? 'true' : 'false',
          logged_at: iso(list.created_at),
        }),
      );
      let position = 0;
      for (const game of games) {
        if (game.list_id !== list.id) continue;
        position += 1;
        records.push(
          record({
            record_type: 'list_game',
            igdb_id: game.igdb_id === null ? '' : String(game.igdb_id),
            game_slug: game.slug,
            title: game.name,
            year: game.release_year === null ? '' : String(game.release_year),
            list_slug: list.slug,
            list_position: String(position),
            note: game.note ?? '',
            logged_at: iso(game.added_at),
          }),
        );
      }
    }
    yield records;
    after = lists.at(-1)!.id;
  }
}
