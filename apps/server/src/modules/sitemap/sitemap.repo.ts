import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { listedGame } from '../catalog/catalog.visibility.js';
import type { Conn } from '../library/library.repo.js';

/** What search engines may list (sitemaps.org): one kind of public page per child sitemap. */
export const SITEMAP_KINDS = ['games', 'members', 'reviews', 'lists'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** The protocol's limit of URLs per sitemap: child sitemap N holds the rows with ids in ((N-1)·50,000, N·50,000]. */
export const URLS_PER_SITEMAP = 50_000;

/** A listable row: its id, the parts of its address (a slug, or a username and a slug) and when it last changed (unix ms). */
export interface SitemapRow {
  id: number | string;
  a: string;
  b: string | null;
  lastmod: number | string;
}

/*
 * A member's pages are listed only while they are active, public (a private
 * profile shows its name and nothing else) and have not asked search engines
 * to leave them alone (Settings → Privacy). Reviews and lists only when they
 * are for everyone and no moderator hid them; games only when listed.
 */
function listable(db: Conn, kind: SitemapKind): Listable {
  return query(db, kind) as unknown as Listable;
}

/** The four queries as one shape: each is filtered and paged by its id expression alone. */
type Listable = SelectQueryBuilder<Database, keyof Database, SitemapRow>;

function query(db: Conn, kind: SitemapKind) {
  switch (kind) {
    case 'games':
      return db
        .selectFrom('games as g')
        .where(listedGame('g.id'))
        .select(['g.id as id', 'g.slug as a', sql<null>`null`.as('b'), 'g.updated_at as lastmod']);
    case 'members':
      return db
        .selectFrom('users as u')
        .where('u.state', '=', 'active')
        .where('u.is_private', '=', 0)
        .where('u.hide_from_search', '=', 0)
        .select(['u.id as id', 'u.username as a', sql<null>`null`.as('b'), 'u.updated_at as lastmod']);
    case 'reviews':
      return db
        .selectFrom('library_entries as e')
        .innerJoin('users as u', 'u.id', 'e.user_id')
        .where('u.state', '=', 'active')
        .where('u.is_private', '=', 0)
        .where('u.hide_from_search', '=', 0)
        .where('e.review_slug', 'is not', null)
        .where('e.review_visibility', '=', 'public')
        .where('e.hidden_at', 'is', null)
        .where(listedGame('e.game_id'))
        .select(['e.id as id', 'u.username as a', 'e.review_slug as b', sql<number>`coalesce(e.review_updated_at, e.updated_at)`.as('lastmod')]);
    case 'lists':
      return db
        .selectFrom('lists as l')
        .innerJoin('users as u', 'u.id', 'l.user_id')
        .where('u.state', '=', 'active')
        .where('u.is_private', '=', 0)
        .where('u.hide_from_search', '=', 0)
        .where('l.is_public', '=', 1)
        .where('l.hidden_at', 'is', null)
        .select(['l.id as id', 'u.username as a', 'l.slug as b', 'l.updated_at as lastmod']);
  }
}

const idColumn = { games: 'g.id', members: 'u.id', reviews: 'e.id', lists: 'l.id' } as const;

export const sitemapRepo = {
  /**
   * The child sitemaps of a kind that hold at least one URL (1-based), read
   * once per index: a walk of the kind's listable ids, never of their rows.
   */
  async pages(db: Conn, kind: SitemapKind): Promise<number[]> {
    const page = sql<number>`(${sql.ref(idColumn[kind])} - 1) / ${sql.lit(URLS_PER_SITEMAP)}`;
    const rows = await listable(db, kind)
      .clearSelect()
      .select(page.as('page'))
      .groupBy(page)
      .orderBy(page)
      .execute();
    return rows.map((r) => Number(r.page) + 1);
  },

  /** Up to `limit` listable rows of child sitemap `page`, by id, after id `after`: read in chunks, so memory stays flat. */
  chunk(db: Conn, kind: SitemapKind, page: number, after: number, limit: number): Promise<SitemapRow[]> {
    const id = idColumn[kind];
    const top = page * URLS_PER_SITEMAP;
    return listable(db, kind)
      .where(sql.ref(id), '>', Math.max(after, top - URLS_PER_SITEMAP))
      .where(sql.ref(id), '<=', top)
      .orderBy(sql.ref(id))
      .limit(limit)
      .execute();
  },
};
