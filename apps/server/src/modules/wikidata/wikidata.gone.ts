import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * Items a run's listing no longer has. Wikidata leaves a merged item as a
 * redirect to the one it was merged into: the link moves to that item (read
 * in this same run, so its game is updated in place, never duplicated),
 * unless that item has a game of its own already. An item deleted, or
 * merged into one already linked, loses its link; a game only Wikidata
 * brought goes with it when no member has it in a library or a list (their
 * entries are never lost: such a game stays, unlinked). Returns how many
 * games were removed.
 */
export async function settleGone(db: Db, gone: string[], moved: Map<string, string>, known: Set<string>): Promise<number> {
  const k = db.kysely;
  const dropped: string[] = [];
  for (const qid of gone) {
    const target = moved.get(qid);
    if (target && !known.has(target)) {
      // modified 0: the target is read again whatever its edit time.
      await k.updateTable('wikidata_items').set({ qid: target, modified: 0 }).where('qid', '=', qid).execute();
      known.add(target);
    } else dropped.push(qid);
  }
  if (dropped.length === 0) return 0;

  return k.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('wikidata_items').select('game_id').where('qid', 'in', dropped).where('game_id', 'is not', null).execute();
    await trx.deleteFrom('wikidata_items').where('qid', 'in', dropped).execute();
    const ids = rows.map((r) => r.game_id!);
    if (ids.length === 0) return 0;
    const candidates = (await trx.selectFrom('games').select('id').where('id', 'in', ids).where('source', '=', 'wikidata').execute()).map((r) => r.id);
    if (candidates.length === 0) return 0;
    const used = new Set(
      [
        ...(await trx.selectFrom('library_entries').select('game_id').where('game_id', 'in', candidates).execute()),
        ...(await trx.selectFrom('list_games').select('game_id').where('game_id', 'in', candidates).execute()),
        ...(await trx.selectFrom('selection_games').select('game_id').where('game_id', 'in', candidates).execute()),
      ].map((r) => r.game_id),
    );
    const removed = candidates.filter((id) => !used.has(id));
    if (removed.length === 0) return 0;
    // SQLite's full-text rows are keyed by search rank (search-index.ts); PostgreSQL's index is a column of games.
    if (db.dialect === 'sqlite') await sql`delete from games_fts where rowid in (select rank from search_ranks where game_id in (${sql.join(removed)}))`.execute(trx);
    await trx.deleteFrom('games').where('id', 'in', removed).execute();
    return removed.length;
  });
}
