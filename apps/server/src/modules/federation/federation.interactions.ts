import type { Activity, Announce, Create, Delete, InboxContext, Like, Undo, Update } from '@fedify/fedify';
import { hasVisibleText } from '@vgl/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { Fedify } from './federation.fedify.js';
import { remoteActorFields } from './federation.actors.js';
import { accountBlocksRepo } from './federation.blocks.repo.js';
import { hostOf, policiesOf } from './federation.instances.js';
import { interactionsRepo } from './federation.interactions.repo.js';
import { federationRepo } from './federation.repo.js';
import { limitText, remoteContentText, remoteNameText } from './federation.sanitize.js';
import type { RemoteReactionKind } from './federation.tables.js';

export interface InteractionsDeps {
  f: Fedify;
  k: Kysely<Database>;
  log: FastifyBaseLogger;
  notifyRemote: NotificationsService['notifyRemote'];
  /** Tests only: the fake server's plain-http addresses count as web links. */
  allowHttp: boolean;
  now: () => number;
}

/** Fetch options that turn a remote document we cannot get into null instead of an error. */
const loading = (ctx: InboxContext<void>) => ({ documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader, suppressError: true });

const sameOrigin = (a: URL, b: URL) => a.origin === b.origin;

const text = (value: { toString(): string } | null | undefined) => (value === null || value === undefined ? null : value.toString());

const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';

/**
 * What remote accounts do to members' published reviews (issue 40): a Like is
 * a like, an Announce (boost) is stored and told as one, a public reply (a
 * Note whose inReplyTo is the review's note) is a comment; their Undo, Update
 * and Delete follow them, and an account deleted takes everything of it along.
 *
 * Only what names one of the reviews this instance has published, and still
 * publishes (federation_notes, and the review still public), counts; anything
 * else is accepted and ignored. Fedify has verified the HTTP Signature and that
 * the key is the activity's actor's (federation.routes.ts also holds the key to
 * the actor's origin); here the activity's id, and a reply's id and author,
 * must be the actor's too, so no server speaks for another's accounts or posts.
 */
export function inboundInteractions({ f, k, log, notifyRemote, allowHttp, now }: InteractionsDeps) {
  /** A link to show: http(s) only (https only outside tests), so no javascript: or data: address reaches a page. */
  const webLink = (url: URL | null | undefined): string | null => (url && (url.protocol === 'https:' || (allowHttp && url.protocol === 'http:')) ? url.href : null);

  /** The review a URL names, when it is one of our published notes and the review is still public. */
  async function publishedReview(ctx: InboxContext<void>, uri: URL | null) {
    const parsed = ctx.parseUri(uri);
    if (parsed?.type !== 'object' || parsed.class !== f.Note || !parsed.values.key) return undefined;
    const note = await federationRepo.noteByKey(k, parsed.values.key);
    const review = note ? await federationRepo.publicReview(k, note.entry_id) : undefined;
    return review ? { entryId: review.entry_id, ownerId: review.user_id } : undefined;
  }

  /** The entry a URL names among the notes we published, public now or not (an Undo may come after). */
  async function noteEntry(ctx: InboxContext<void>, uri: URL | null) {
    const parsed = ctx.parseUri(uri);
    if (parsed?.type !== 'object' || parsed.class !== f.Note || !parsed.values.key) return undefined;
    return (await federationRepo.noteByKey(k, parsed.values.key))?.entry_id;
  }

  /** The activity's actor, fetched and kept (federation_actors): its row id, or null when it cannot be had. */
  async function actorRow(ctx: InboxContext<void>, activity: Activity): Promise<number | null> {
    const actor = await activity.getActor(loading(ctx));
    if (!actor?.id || actor.id.href !== activity.actorId?.href) return null;
    return interactionsRepo.saveActor(k, await remoteActorFields(actor, webLink, loading(ctx)), now());
  }

  /** Nothing from a silenced server notifies anyone (its likes and replies still count and show). */
  const notifyUnlessSilenced = async (trx: Parameters<typeof notifyRemote>[0], actorId: URL, notice: Parameters<typeof notifyRemote>[1]) => {
    if ((await policiesOf(trx, [hostOf(actorId)])) !== 'silence') await notifyRemote(trx, notice);
  };

  /** The activity's id and actor, on one origin: what every handler here asks first. */
  const ownActivity = (activity: Activity): activity is Activity & { id: URL; actorId: URL } =>
    activity.id !== null && activity.actorId !== null && sameOrigin(activity.id, activity.actorId);

  async function react(ctx: InboxContext<void>, activity: Like | Announce, kind: RemoteReactionKind) {
    if (!ownActivity(activity)) return;
    const review = await publishedReview(ctx, activity.objectId);
    // An account the review's author blocks: its likes and boosts are not theirs to receive.
    if (!review || (await accountBlocksRepo.blocks(k, review.ownerId, activity.actorId.href))) return;
    const actor = await actorRow(ctx, activity);
    if (actor === null) return;
    await k.transaction().execute(async (trx) => {
      // A second delivery of it, or one racing it: stored once, counted and told once.
      if (!(await interactionsRepo.addReaction(trx, { entry_id: review.entryId, actor, kind, activity_id: activity.id.href, created_at: now() }))) return;
      if (kind === 'like') await interactionsRepo.adjustEntryCount(trx, review.entryId, 'likes_count', 1);
      await notifyUnlessSilenced(trx, activity.actorId, { userId: review.ownerId, remoteActorId: actor, kind: kind === 'like' ? 'review_liked' : 'review_boosted', entryId: review.entryId });
    });
  }

  /** The reply a Create or Update carries, when it is the actor's own public Note. */
  async function ownPublicNote(ctx: InboxContext<void>, activity: Create | Update) {
    if (!ownActivity(activity)) return undefined;
    const note = await activity.getObject(loading(ctx));
    if (!(note instanceof f.Note) || !note.id || !sameOrigin(note.id, activity.actorId)) return undefined;
    if (note.attributionIds.length !== 1 || note.attributionId?.href !== activity.actorId.href) return undefined;
    // Followers-only and direct replies are not for a public page: only public and unlisted ones are shown.
    if (![...note.toIds, ...note.ccIds].some((id) => id.href === PUBLIC)) return undefined;
    const content = remoteContentText(text(note.content) ?? '');
    // A content warning stays in front of what it warns about.
    const summary = remoteNameText(text(note.summary), 200);
    const body = summary ? limitText(`CW: ${summary}\n\n${content}`) : content;
    return { note, body, url: webLink(note.url instanceof URL ? note.url : (note.url?.href ?? null)) };
  }

  async function reply(ctx: InboxContext<void>, create: Create) {
    const found = await ownPublicNote(ctx, create);
    if (!found?.note.id || !hasVisibleText(found.body)) return;
    const review = await publishedReview(ctx, found.note.replyTargetId);
    if (!review || (await accountBlocksRepo.blocks(k, review.ownerId, create.actorId!.href))) return;
    const actor = await actorRow(ctx, create);
    if (actor === null) return;
    const noteId = found.note.id.href;
    await k.transaction().execute(async (trx) => {
      const id = await interactionsRepo.addReply(trx, { entry_id: review.entryId, actor, object_id: noteId, url: found.url, body: found.body, created_at: now() });
      if (id === null) return;
      await interactionsRepo.adjustEntryCount(trx, review.entryId, 'comments_count', 1);
      await notifyUnlessSilenced(trx, create.actorId!, { userId: review.ownerId, remoteActorId: actor, kind: 'commented', entryId: review.entryId, remoteReplyId: id });
    });
  }

  async function edit(ctx: InboxContext<void>, update: Update) {
    const found = await ownPublicNote(ctx, update);
    if (!found?.note.id || !hasVisibleText(found.body)) return;
    const existing = await interactionsRepo.replyByObject(k, found.note.id.href);
    // Only its author edits it (ownPublicNote: the note is the activity's actor's).
    if (!existing || existing.actor_id !== update.actorId!.href) return;
    await interactionsRepo.updateReply(k, existing.id, found.body, now());
  }

  /** A reply deleted where it was written: gone here too, with its notification. */
  async function deleteReply(del: Delete) {
    if (!del.actorId || !del.objectId) return;
    const existing = await interactionsRepo.replyByObject(k, del.objectId.href);
    if (!existing || existing.actor_id !== del.actorId.href) return;
    await k.transaction().execute(async (trx) => {
      if (!(await interactionsRepo.deleteReply(trx, existing.id))) return;
      if (existing.hidden_at === null) await interactionsRepo.adjustEntryCount(trx, existing.entry_id, 'comments_count', -1);
      await interactionsRepo.removeNotifications(trx, await interactionsRepo.ownersOf(trx, [existing.entry_id]), { remoteReplyId: existing.id });
    });
  }

  /** An account deleted: its likes, boosts and replies go, the counts they moved, and the notifications about them. */
  async function actorGone(actorUri: string) {
    const actor = await interactionsRepo.actorByUri(k, actorUri);
    if (!actor) return;
    await k.transaction().execute((trx) => accountBlocksRepo.forgetActor(trx, actor.id));
  }

  /** Undo of a Like or Announce (embedded, as Mastodon sends it, or by its id alone). */
  async function undo(ctx: InboxContext<void>, activity: Undo, object: unknown) {
    if (!activity.actorId) return;
    const actor = await interactionsRepo.actorByUri(k, activity.actorId.href);
    if (!actor) return;
    const kinds: RemoteReactionKind[] = object instanceof f.Like ? ['like'] : object instanceof f.Announce ? ['announce'] : object === null || object === undefined ? ['like', 'announce'] : [];
    if (object instanceof f.Like || object instanceof f.Announce) {
      // Only its author takes it back.
      if (object.actorId?.href !== activity.actorId.href) return;
    }
    const activityId = object instanceof f.Like || object instanceof f.Announce ? object.id : activity.objectId;
    const entryId = object instanceof f.Like || object instanceof f.Announce ? await noteEntry(ctx, object.objectId) : undefined;
    await k.transaction().execute(async (trx) => {
      for (const kind of kinds) {
        let removed = activityId ? await interactionsRepo.removeReactions(trx, actor.id, kind, { activityId: activityId.href }) : [];
        // A server that sends its Undo with another id than the Like had: the actor's like of that review.
        if (removed.length === 0 && entryId !== undefined) removed = await interactionsRepo.removeReactions(trx, actor.id, kind, { entryId });
        for (const row of removed) {
          if (kind === 'like') await interactionsRepo.adjustEntryCount(trx, row.entry_id, 'likes_count', -1);
          const [owner] = await interactionsRepo.ownersOf(trx, [row.entry_id]);
          if (owner !== undefined) await interactionsRepo.removeUnreadNotification(trx, { userId: owner, remoteActorId: actor.id, kind: kind === 'like' ? 'review_liked' : 'review_boosted', entryId: row.entry_id });
        }
      }
    });
  }

  const logged =
    <A extends unknown[]>(what: string, handler: (...args: A) => Promise<void>) =>
    async (...args: A) => {
      try {
        await handler(...args);
      } catch (err) {
        // A sender cannot fix our failure: logged, and the activity answered 202 like any other.
        log.warn({ err }, `federation: an incoming ${what} could not be handled`);
      }
    };

  return {
    like: logged('Like', (ctx: InboxContext<void>, like: Like) => react(ctx, like, 'like')),
    announce: logged('Announce', (ctx: InboxContext<void>, announce: Announce) => react(ctx, announce, 'announce')),
    create: logged('Create', reply),
    update: logged('Update', edit),
    deleteReply: logged('Delete', deleteReply),
    actorGone: logged('Delete of an account', actorGone),
    undo: logged('Undo', undo),
  };
}
