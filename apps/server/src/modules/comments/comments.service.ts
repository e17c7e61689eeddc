import { isStaff } from '../admin/admin.policy.js';
import { API_MESSAGES, PRIVACY_MESSAGES, SOCIAL_LIMITS, SOCIAL_MESSAGES } from '@vgl/shared';
import type { CommentInput } from '@vgl/shared/schemas';
import type { Db } from '../../db/database.js';
import { forbidden, notFound } from '../../http/errors.js';
import { userRateLimit } from '../../http/user-rate-limit.js';
import type { SocialServices } from '../activity/activity.service.js';
import { libraryRepo } from '../library/library.repo.js';
import type { Actor } from '../library/library.service.js';
import { canLibrary } from '../library/library.policy.js';
import { canList, listVisibility } from '../lists/lists.policy.js';
import { followsRepo } from '../follows/follows.repo.js';
import { listsRepo } from '../lists/lists.repo.js';
import { usersRepo, type UserRow } from '../users/users.repo.js';
import { canComment } from './comments.policy.js';
import { presentComment } from './comments.presenter.js';
import { commentsRepo, subjectOfComment, type CommentSubject } from './comments.repo.js';
import { audienceRepo } from '../audience/audience.repo.js';
import { interactionsRepo } from '../federation/federation.interactions.repo.js';
import { presentRemoteReply } from '../federation/federation.present.js';
import { canReadReview, reviewLevels } from '../audience/audience.policy.js';

/** What the comments are under, as its page addresses it: /u/{username}/reviews/{slug} or /u/{username}/lists/{slug}. */
export interface CommentedRef {
  kind: CommentSubject['kind'];
  username: string;
  slug: string;
}

/** The subject, its author, and what the feed and notifications point at. */
interface Commented {
  subject: CommentSubject;
  ownerId: number;
  gameId: number | null;
}

const refOf = (subject: CommentSubject) => (subject.kind === 'review' ? { entryId: subject.id } : { listId: subject.id });

export function createCommentsService(db: Db, deps: SocialServices, now: () => number = Date.now) {
  const k = db.kysely;
  const limit = userRateLimit('comments', SOCIAL_LIMITS.perMinute.comments, SOCIAL_MESSAGES.slowDown, { counters: deps.limits, now });

  /** Whether the actor reads the review a comment is under (its author may have narrowed who reads it since). */
  async function reviewReadable(actor: UserRow, entryId: number | null): Promise<boolean> {
    if (entryId === null) return true;
    const review = await k.selectFrom('library_entries').select(['user_id', 'review_visibility', 'hidden_at']).where('id', '=', entryId).executeTakeFirst();
    // Hidden by a moderator since: like a hidden list's, its thread is its author's alone to write in.
    if (review && review.hidden_at !== null && review.user_id !== actor.id) return false;
    if (!review || review.review_visibility === 'public') return true;
    return canReadReview(actor, review.user_id, review.review_visibility, actor.id !== review.user_id && (await followsRepo.isFollowing(k, actor.id, review.user_id)));
  }

  /** Whether the actor follows the owner of a followers' list (asked only for those). */
  const followsListOwner = async (actor: Actor, list: { user_id: number; is_public: number; followers_only: number }) =>
    actor !== null && actor.id !== list.user_id && listVisibility(list) === 'followers' && (await followsRepo.isFollowing(k, actor.id, list.user_id));

  /**
   * The review or list, when the actor may see it (a private list is its owner's alone). `reading`: moderators
   * also read the thread of a review or list they hid, as they open its page; nobody but its author writes in it.
   */
  async function commentedOf(actor: Actor, ref: CommentedRef, reading = false): Promise<Commented> {
    const owner = await deps.library.ownerFor(actor, ref.username, 'read');
    if (ref.kind === 'review') {
      const follows = actor !== null && actor.id !== owner.id && (await followsRepo.isFollowing(k, actor.id, owner.id));
      const review = await libraryRepo.reviewBySlug(k, owner.id, ref.slug, reviewLevels(actor, owner.id, follows));
      if (!review || (review.hidden_at !== null && actor?.id !== review.user_id && !(reading && isStaff(actor)))) throw notFound(`There is no review "${ref.slug}".`);
      return { subject: { kind: 'review', id: review.id }, ownerId: review.user_id, gameId: review.game_id };
    }
    const list = await listsRepo.bySlug(k, owner.id, ref.slug.toLowerCase());
    if (!list || !canList(actor, reading ? 'open' : 'read', list, await followsListOwner(actor, list))) throw notFound(`There is no list "${ref.slug}".`);
    return { subject: { kind: 'list', id: list.id }, ownerId: list.user_id, gameId: null };
  }

  const gone = (ref: CommentedRef) => notFound(`There is no ${ref.kind} "${ref.slug}".`);

  async function commentOrThrow(id: number) {
    const comment = await commentsRepo.byId(k, id);
    if (!comment) throw notFound('There is no such comment.');
    return comment;
  }

  /**
   * A comment as the actor may reach it now: its list may have gone private
   * or its review's author been suspended since it was written, and then it
   * is not there for them (404, as its page would be).
   */
  async function reachableComment(actor: UserRow, id: number) {
    const comment = await commentOrThrow(id);
    const owner = await usersRepo.findById(k, comment.subject_user_id);
    const list = comment.list_id === null ? undefined : await listsRepo.byId(k, comment.list_id);
    const readable =
      owner &&
      canLibrary(actor, 'read', owner) &&
      (comment.list_id === null || (list && canList(actor, 'read', list, await followsListOwner(actor, list)))) &&
      // Blocked since, or the owner went private: gone for them too (audience module).
      (await audienceRepo.reachable(k, actor.id, owner.id)) &&
      (await reviewReadable(actor, comment.entry_id));
    if (!readable) throw notFound('There is no such comment.');
    return comment;
  }

  return {
    /** The review a page addresses, when the actor may read it (404 otherwise): what remote likes and boosts are listed under. */
    async reviewOf(actor: Actor, ref: Omit<CommentedRef, 'kind'>) {
      const { subject, ownerId } = await commentedOf(actor, { kind: 'review', ...ref }, true);
      return { entryId: subject.id, ownerId };
    },

    async list(actor: Actor, ref: CommentedRef, page: number, perPage: number) {
      const { subject, ownerId } = await commentedOf(actor, ref, true);
      const viewerId = actor?.id ?? null;
      // Moderators see what they hid; an author sees their own hidden comments, marked.
      // Comments by members blocked either way are left out for the viewer, in SQL: full pages, a true total.
      const hidden = actor ? [...(await audienceRepo.hiddenFrom(k, actor.id))] : [];
      const who = isStaff(actor) ? 'staff' : viewerId;
      // Replies from the fediverse under a review (issue 40) join the thread; without any, the thread is read as ever.
      if (subject.kind === 'review' && (await interactionsRepo.replyCount(k, subject.id, who === 'staff')) > 0) {
        const { keys, total } = await commentsRepo.mixedPage(k, subject.id, perPage, (page - 1) * perPage, who, hidden);
        const [local, remote] = await Promise.all([
          commentsRepo.byIds(k, keys.filter((key) => !key.remote).map((key) => key.id)),
          interactionsRepo.repliesByIds(k, keys.filter((key) => key.remote).map((key) => key.id)),
        ]);
        const items = keys.flatMap((key) => {
          if (key.remote) {
            const row = remote.find((r) => r.id === key.id);
            return row ? [presentRemoteReply(row, actor, ownerId)] : [];
          }
          const row = local.find((r) => r.id === key.id);
          return row ? [presentComment(row, actor)] : [];
        });
        return { items, total };
      }
      const { rows, total } = await commentsRepo.ofSubject(k, subject, perPage, (page - 1) * perPage, who, hidden);
      return { items: rows.map((row) => presentComment(row, actor)), total };
    },

    async create(actor: UserRow, ref: CommentedRef, input: CommentInput) {
      const { subject, ownerId, gameId } = await commentedOf(actor, ref);
      if (!canComment(actor, 'create')) throw forbidden(API_MESSAGES.forbidden);
      if (await audienceRepo.isBlockedEitherWay(k, actor.id, ownerId)) throw forbidden(PRIVACY_MESSAGES.blockedAct);
      await limit(actor.id);
      const at = now();
      const id = await k.transaction().execute(async (trx) => {
        // Counted first: a review or list removed since it was read above is a 404, not a comment on nothing.
        if (!(await commentsRepo.adjustCount(trx, subject, 1))) throw gone(ref);
        const { id } = await commentsRepo.insert(trx, {
          entry_id: subject.kind === 'review' ? subject.id : null,
          list_id: subject.kind === 'list' ? subject.id : null,
          user_id: actor.id,
          body: input.body,
          created_at: at,
          updated_at: at,
        });
        await deps.activity.record(trx, actor.id, { verb: 'commented', gameId, ...refOf(subject), commentId: id });
        await deps.notifications.notifyComment(trx, { actorId: actor.id, ownerId, ...refOf(subject), commentId: id, body: input.body });
        return id;
      });
      return presentComment(await commentOrThrow(id), actor);
    },

    async edit(actor: UserRow, id: number, input: CommentInput) {
      const comment = await reachableComment(actor, id);
      if (!canComment(actor, 'edit', comment)) throw forbidden(API_MESSAGES.forbidden);
      await commentsRepo.updateBody(k, id, input.body, now());
      // Deleted meanwhile by another request: a 404 like any other.
      return presentComment(await commentOrThrow(id), actor);
    },

    async remove(actor: UserRow, id: number) {
      const comment = await commentOrThrow(id);
      if (!canComment(actor, 'delete', comment)) throw forbidden(API_MESSAGES.forbidden);
      await k.transaction().execute(async (trx) => {
        // Deleted by two requests at once, it is counted off once.
        if (await commentsRepo.delete(trx, id)) await commentsRepo.adjustCount(trx, subjectOfComment(comment), -1);
      });
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
