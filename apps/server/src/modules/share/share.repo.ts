import type { Conn } from '../library/library.repo.js';
import { listedGame } from '../catalog/catalog.visibility.js';
import type { WikidataItemData } from '../wikidata/wikidata.store.js';

type GameId = number | undefined;

/** Our id of a listed game, or undefined. */
const listed = async (db: Conn, id: number | undefined): Promise<GameId> =>
  id === undefined ? undefined : (await db.selectFrom('games as g').select('g.id').where('g.id', '=', id).where(listedGame('g.id')).executeTakeFirst())?.id;

export const shareRepo = {
  /** By a store id: Wikidata's (game_store_ids, by our game id), else IGDB's (game_external_ids, by IGDB id). */
  async byStoreId(db: Conn, source: 'steam' | 'gog', uid: string): Promise<GameId> {
    const viaWikidata = await db.selectFrom('game_store_ids').select('game_id').where('source', '=', source).where('uid', '=', uid).executeTakeFirst();
    if (viaWikidata) return listed(db, viaWikidata.game_id);
    const viaIgdb = await db
      .selectFrom('game_external_ids as x')
      .innerJoin('games as g', 'g.igdb_id', 'x.game_igdb_id')
      .select('g.id')
      .where('x.source', '=', source)
      .where('x.uid', '=', uid)
      .executeTakeFirst();
    return listed(db, viaIgdb?.id);
  },

  /**
   * By IGDB slug: an IGDB game keeps IGDB's slug (or "slug-igdbid" when another
   * game had it first); a Wikidata game may name its IGDB slug in its links.
   */
  async byIgdbSlug(db: Conn, slug: string): Promise<GameId> {
    const own = await db
      .selectFrom('games')
      .select(['id', 'slug', 'igdb_id'])
      .where('igdb_id', 'is not', null)
      .where((eb) => eb.or([eb('slug', '=', slug), eb('slug', 'like', `${slug}-%`)]))
      .limit(20)
      .execute();
    const exact = own.find((g) => g.slug === slug) ?? own.find((g) => g.slug === `${slug}-${g.igdb_id}`);
    if (exact) return listed(db, exact.id);
    // Slugs are [a-z0-9-] (share.links.ts): nothing in them is a LIKE wildcard. A scan, but of a rare call.
    const items = await db
      .selectFrom('wikidata_items')
      .select(['game_id', 'data'])
      .where('kind', '=', 'game')
      .where('game_id', 'is not', null)
      .where('data', 'like', `%"${slug}"%`)
      .limit(20)
      .execute();
    const item = items.find((i) => (JSON.parse(i.data) as WikidataItemData).links.igdb.includes(slug));
    return listed(db, item?.game_id ?? undefined);
  },

  async byWikidata(db: Conn, qid: string): Promise<GameId> {
    const item = await db.selectFrom('wikidata_items').select('game_id').where('qid', '=', qid).where('game_id', 'is not', null).executeTakeFirst();
    return listed(db, item?.game_id ?? undefined);
  },

  /** By VGL slug, or a former one (a game folded into another: game_slug_history). */
  async bySlug(db: Conn, slug: string): Promise<GameId> {
    const game = await db.selectFrom('games').select('id').where('slug', '=', slug).executeTakeFirst();
    if (game) return listed(db, game.id);
    const moved = await db.selectFrom('game_slug_history').select('game_id').where('slug', '=', slug).executeTakeFirst();
    return listed(db, moved?.game_id);
  },
};
