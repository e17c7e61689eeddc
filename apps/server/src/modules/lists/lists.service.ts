import { API_MESSAGES, LIST_LIMITS, LIST_MESSAGES, slugify, type ListDetail, type ListItem, type ListSort, type ListSummary, type ListVisibility } from '@vgl/shared';
import type { ListGameInput, ListInput } from '@vgl/shared/schemas';
import { lockMember } from '../../db/concurrency.js';
import type { Db } from '../../db/database.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import type { SocialServices } from '../activity/activity.service.js';
import { findGameBySlug } from '../catalog/catalog.repo.js';
import type { Conn } from '../library/library.repo.js';
import type { Actor } from '../library/library.service.js';
import { usernameKey, type UserRow } from '../users/users.repo.js';
import { canList, listVisibility, listVisibilityColumns, type ListAction } from './lists.policy.js';
import { followsRepo } from '../follows/follows.repo.js';
import { presentListDetail, presentListItem, presentListSummary } from './lists.presenter.js';
import { listsRepo, type ListRow } from './lists.repo.js';

/** Room left in a slug for "-NN" when the title's own slug is taken. */
const SLUG_BASE_LENGTH = 90;

/** A slug from the title, unique among the member's lists ("best-rpgs", then "best-rpgs-2"). */
export async function uniqueListSlug(conn: Conn, userId: number, title: string): Promise<string> {
  const base = slugify(title).slice(0, SLUG_BASE_LENGTH).replace(/-+$/, '') || 'list';
  const taken = new Set(await listsRepo.slugsLike(conn, userId, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const page = (p: number, limit: number) => ({ limit, offset: (p - 1) * limit });

/**
 * Members' lists: making, editing and ordering them, and the pages that show
 * them (a profile's lists, a game's, Explore's). Likes and comments on lists
 * go through the likes and comments modules like reviews'.
 */
/** The visibility a form asks for: `visibility` when given, else what `isPublic` says (older clients). */
const visibilityOf = (input: ListInput): ListVisibility => input.visibility ?? (input.isPublic ? 'public' : 'private');

/** Told after a write to a list (or its games) committed, with the list's id (federation: its Article is sent, updated or deleted). Must not throw. */
export type ListWrittenHook = (listId: number) => void;

export function createListsService(db: Db, deps: Pick<SocialServices, 'library' | 'activity'> & { onListWritten?: ListWrittenHook | undefined }, now: () => number = Date.now) {
  const written = (listId: number) => deps.onListWritten?.(listId);
  const k = db.kysely;

  /** The list, after checking the actor may see it (else it does not exist) and do `action` with it. */
  async function listFor(actor: Actor, username: string, slug: string, action: ListAction): Promise<ListRow> {
    const owner = await deps.library.ownerFor(actor, username, 'read');
    const list = await listsRepo.bySlug(k, owner.id, slug.toLowerCase());
    if (!list || !canList(actor, 'read', list, await followsOwner(actor, list))) throw notFound(`There is no list "${slug}".`);
    if (!canList(actor, action, list)) throw forbidden(API_MESSAGES.forbidden);
    return list;
  }

  /** Whether the actor follows the owner of a followers' list (asked only for those). */
  const followsOwner = async (actor: Actor, list: { user_id: number; is_public: number; followers_only: number }) =>
    actor !== null && actor.id !== list.user_id && listVisibility(list) === 'followers' && (await followsRepo.isFollowing(k, actor.id, list.user_id));

  /** The game as `viewer` may see it: a member's game awaiting a moderator is only its submitter's (and moderators'). */
  async function gameFor(slug: string, viewer: Actor) {
    const game = await findGameBySlug(k, slug, viewer);
    if (!game) throw notFound(`There is no game "${slug}".`);
    return game;
  }

  async function summaries(rows: ListRow[], gameId?: number): Promise<ListSummary[]> {
    const ids = rows.map((r) => r.id);
    const [counts, previews, holding] = await Promise.all([
      listsRepo.gameCounts(k, ids),
      listsRepo.previews(k, ids, LIST_LIMITS.previewGames),
      gameId === undefined ? undefined : listsRepo.holding(k, ids, gameId),
    ]);
    return rows.map((row) =>
      presentListSummary(row, { games: counts.get(row.id) ?? 0, preview: previews.get(row.id) ?? [], hasGame: holding ? holding.has(row.id) : null }),
    );
  }

  /** A list just written; deleted meanwhile (by another request) it is a 404 like any other. */
  async function detailOf(listId: number, viewer: Actor): Promise<ListDetail> {
    const [row, items] = await Promise.all([listsRepo.byId(k, listId), listsRepo.items(k, listId)]);
    if (!row) throw notFound('There is no such list.');
    return presentListDetail(row, items, viewer, LIST_LIMITS.previewGames);
  }

  /** Runs `write` with the list's row held; a list deleted meanwhile is a 404. */
  const withListLocked = <T>(listId: number, write: (trx: Conn) => Promise<T>) =>
    k.transaction().execute(async (trx) => {
      if (!(await listsRepo.lock(db, trx, listId))) throw notFound('There is no such list.');
      return write(trx);
    });

  /** "Created a list" reaches followers' feeds once, when the list is first public. */
  async function announce(conn: Conn, list: { id: number; user_id: number }) {
    const said = await conn.selectFrom('activities').select('id').where('list_id', '=', list.id).where('verb', '=', 'created_list').executeTakeFirst();
    if (!said) await deps.activity.record(conn, list.user_id, { verb: 'created_list', listId: list.id });
  }

  return {
    listFor,

    async ofUser(actor: Actor, username: string, query: { page: number; limit: number; game?: string | undefined }) {
      const owner = await deps.library.ownerFor(actor, username, 'read');
      const game = query.game === undefined ? undefined : await gameFor(query.game, actor);
      const includeFollowers = actor !== null && actor.id !== owner.id && (await followsRepo.isFollowing(k, actor.id, owner.id));
      const { rows, total } = await listsRepo.ofUser(k, owner.id, { includePrivate: actor?.id === owner.id, includeFollowers, ...page(query.page, query.limit) });
      return { items: await summaries(rows, game?.id), total };
    },

    async get(actor: Actor, username: string, slug: string) {
      // listFor's checks, with the owner, the list and its games read at once (on PostgreSQL one round trip instead of three);
      // the games are used only once the checks passed. The list's row is its detail row.
      const [key, listSlug] = [usernameKey(username), slug.toLowerCase()];
      const [, list, items] = await Promise.all([deps.library.ownerFor(actor, username, 'read'), listsRepo.bySlugOf(k, key, listSlug), listsRepo.itemsBySlug(k, key, listSlug)]);
      if (!list || !canList(actor, 'open', list, await followsOwner(actor, list))) throw notFound(`There is no list "${slug}".`);
      return presentListDetail(list, items, actor, LIST_LIMITS.previewGames);
    },

    async create(actor: UserRow, username: string, input: ListInput) {
      const owner = await deps.library.ownerFor(actor, username, 'write');
      const at = now();
      const id = await k.transaction().execute(async (trx) => {
        // The count and the free slug are read before the insert: one member's new lists one at a time.
        await lockMember(db, trx, owner.id);
        if ((await listsRepo.countOf(trx, owner.id)) >= LIST_LIMITS.listsPerMember) throw badRequest(LIST_MESSAGES.tooManyLists);
        const { id } = await listsRepo.insert(trx, {
          user_id: owner.id,
          slug: await uniqueListSlug(trx, owner.id, input.title),
          title: input.title,
          description: input.description,
          ranked: input.ranked ? 1 : 0,
          ...listVisibilityColumns(visibilityOf(input)),
          created_at: at,
          updated_at: at,
        });
        if (visibilityOf(input) === 'public') await announce(trx, { id, user_id: owner.id });
        return id;
      });
      written(id);
      return detailOf(id, actor);
    },

    /** Title, description, ranked and public; the slug stays, so links keep working. */
    async update(actor: UserRow, username: string, slug: string, input: ListInput) {
      const list = await listFor(actor, username, slug, 'edit');
      await k.transaction().execute(async (trx) => {
        await listsRepo.update(trx, list.id, {
          title: input.title,
          description: input.description,
          ranked: input.ranked ? 1 : 0,
          ...listVisibilityColumns(visibilityOf(input)),
          updated_at: now(),
        });
        if (visibilityOf(input) === 'public') await announce(trx, list);
      });
      written(list.id);
      return detailOf(list.id, actor);
    },

    /** Its games, likes, comments and the feed items and notifications about it go with it (ON DELETE CASCADE). */
    async remove(actor: UserRow, username: string, slug: string) {
      const list = await listFor(actor, username, slug, 'delete');
      await listsRepo.delete(k, list.id);
      written(list.id);
    },

    /** Adds the game at the end; a game already in the list stays where it is (its note is updated when one is given). */
    async addGame(actor: UserRow, username: string, slug: string, input: ListGameInput): Promise<{ item: ListItem; created: boolean }> {
      const list = await listFor(actor, username, slug, 'edit');
      const game = await gameFor(input.game, actor);
      const at = now();
      const created = await withListLocked(list.id, async (trx) => {
        const existing = await listsRepo.item(trx, list.id, game.id);
        if (existing) {
          if (input.note !== null && input.note !== existing.note) await listsRepo.setNote(trx, list.id, game.id, input.note);
          return false;
        }
        const { size, next } = await listsRepo.sizeAndEnd(trx, list.id);
        if (size >= LIST_LIMITS.gamesPerList) throw badRequest(LIST_MESSAGES.listFull);
        await listsRepo.insertGames(trx, [{ list_id: list.id, game_id: game.id, position: next, note: input.note, added_at: at }]);
        await listsRepo.touch(trx, list.id, at);
        return true;
      });
      written(list.id);
      return { item: await itemOf(list.id, game.id), created };
    },

    async setNote(actor: UserRow, username: string, slug: string, gameId: number, note: string | null) {
      const list = await listFor(actor, username, slug, 'edit');
      if (!(await listsRepo.item(k, list.id, gameId))) throw notFound(LIST_MESSAGES.notInList);
      await listsRepo.setNote(k, list.id, gameId, note);
      await listsRepo.touch(k, list.id, now());
      written(list.id);
      return itemOf(list.id, gameId);
    },

    async removeGame(actor: UserRow, username: string, slug: string, gameId: number) {
      const list = await listFor(actor, username, slug, 'edit');
      const removed = await withListLocked(list.id, async (trx) => {
        const gone = await listsRepo.removeGame(trx, list.id, gameId);
        if (gone) await listsRepo.touch(trx, list.id, now());
        return gone;
      });
      if (!removed) throw notFound(LIST_MESSAGES.notInList);
      written(list.id);
    },

    /** Puts the games in this order; it must name exactly the list's games (a list changed meanwhile is a 400: reload and retry). */
    async reorder(actor: UserRow, username: string, slug: string, gameIds: number[]) {
      const list = await listFor(actor, username, slug, 'edit');
      await withListLocked(list.id, async (trx) => {
        const current = new Set(await listsRepo.gameIds(trx, list.id));
        if (new Set(gameIds).size !== gameIds.length || gameIds.length !== current.size || gameIds.some((id) => !current.has(id))) {
          throw badRequest(LIST_MESSAGES.orderMismatch, { games: LIST_MESSAGES.orderMismatch });
        }
        await listsRepo.setOrder(trx, list.id, gameIds);
        await listsRepo.touch(trx, list.id, now());
      });
      written(list.id);
      return detailOf(list.id, actor);
    },

    /** Public lists holding the game, most liked first, with how many there are. */
    async ofGame(gameSlug: string, p: number, limit: number) {
      const game = await gameFor(gameSlug, null);
      const { rows, total } = await listsRepo.ofGame(k, game.id, page(p, limit));
      return { items: await summaries(rows), total };
    },

    async browse(sort: ListSort, p: number, limit: number) {
      const { rows, total } = await listsRepo.browse(k, sort, page(p, limit));
      return { items: await summaries(rows), total };
    },
  };

  async function itemOf(listId: number, gameId: number): Promise<ListItem> {
    const items = await listsRepo.items(k, listId);
    const index = items.findIndex((item) => item.game_id === gameId);
    if (index === -1) throw notFound(LIST_MESSAGES.notInList);
    return presentListItem(items[index]!, index + 1);
  }
}

export type ListsService = ReturnType<typeof createListsService>;
