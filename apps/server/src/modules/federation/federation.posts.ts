import type { Accept, Create, Delete, InboxContext, Reject, Update } from '@fedify/fedify';
import { hasVisibleText } from '@vgl/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Fedify } from './federation.fedify.js';
import { followingRepo, type NewPost } from './federation.following.repo.js';
import { memberIdOf } from './federation.objects.js';
import { remoteContentText, remoteNameText } from './federation.sanitize.js';

export interface PostsDeps {
  f: Fedify;
  k: Kysely<Database>;
  log: FastifyBaseLogger;
  /** Tests only: the fake server's plain-http addresses count as web links. */
  allowHttp: boolean;
  now: () => number;
}

const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';
/** A post's text is longer than a comment's: a long Mastodon post (some servers allow thousands of characters) or an article's start. */
const POST_MAX_LENGTH = 5000;

const loading = (ctx: InboxContext<void>) => ({ documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader, suppressError: true });
const text = (value: { toString(): string } | null | undefined) => (value === null || value === undefined ? null : value.toString());

/**
 * What follows a member's Follow of a remote account (issue 40): its server's
 * Accept (the follow is on) or Reject (it is gone), and then the account's
 * posts: a Note or Article it writes, public or to its followers, is stored
 * for the members who follow it (accepted), as plain text (federation.sanitize.ts);
 * its Update edits it and its Delete removes it. An account nobody here
 * follows is not read at all. A silenced server's posts are stored like any
 * (a member chose to follow the account); nothing about a post notifies.
 * The replies to members' reviews are federation.interactions.ts's: a post
 * answering one of our objects is left to it.
 */
export function inboundPosts({ f, k, log, allowHttp, now }: PostsDeps) {
  const webLink = (url: URL | null | undefined): string | null => (url && (url.protocol === 'https:' || (allowHttp && url.protocol === 'http:')) ? url.href : null);
  const linkOf = (value: unknown): URL | null => (value instanceof URL ? value : value instanceof f.Link ? value.href : null);

  /** Our follow an Accept or Reject answers: named by our Follow's id, or an embedded Follow of one of our members (by ids). */
  async function answered(ctx: InboxContext<void>, activity: Accept | Reject) {
    if (!activity.actorId) return undefined;
    const byId = activity.objectId ? await followingRepo.followByActivity(k, activity.objectId.href, activity.actorId.href) : undefined;
    if (byId) return byId;
    const follow = await activity.getObject(loading(ctx));
    // Only the followed account answers its follow.
    if (!(follow instanceof f.Follow) || follow.objectId?.href !== activity.actorId.href) return undefined;
    const parsed = ctx.parseUri(follow.actorId);
    const memberId = parsed?.type === 'actor' ? memberIdOf(parsed.identifier) : null;
    return memberId === null ? undefined : followingRepo.followByMember(k, memberId, activity.actorId.href);
  }

  async function accept(ctx: InboxContext<void>, activity: Accept) {
    const follow = await answered(ctx, activity);
    if (follow?.state === 'pending') await followingRepo.setState(k, follow.id, 'accepted');
  }

  /** Refused, or (once accepted) removed as a follower by them: the follow ends here too. */
  async function reject(ctx: InboxContext<void>, activity: Reject) {
    const follow = await answered(ctx, activity);
    if (follow) await followingRepo.removeFollow(k, follow.id);
  }

  /** The first image attached: its address and description. */
  async function firstImage(ctx: InboxContext<void>, object: InstanceType<Fedify['Note']> | InstanceType<Fedify['Article']>) {
    for await (const attachment of object.getAttachments(loading(ctx))) {
      if (!(attachment instanceof f.Image || attachment instanceof f.Document)) continue;
      const type = attachment.mediaType ?? null;
      if (type !== null && !type.startsWith('image/')) continue;
      const url = webLink(linkOf(attachment.url));
      if (url) return { image_url: url, image_alt: remoteNameText(text(attachment.name), 1000) };
    }
    return { image_url: null, image_alt: null };
  }

  /**
   * What a Create or Update carries, as a post to store: the actor's own Note or
   * Article (by id and attribution), public or to its followers (not a direct
   * message), not a reply to one of our objects, with something to show. Null otherwise.
   */
  async function postOf(ctx: InboxContext<void>, activity: Create | Update, followers: (string | null)[]): Promise<Omit<NewPost, 'actor'> | null> {
    const actorId = activity.actorId!;
    const object = await activity.getObject(loading(ctx));
    if (!(object instanceof f.Note || object instanceof f.Article) || !object.id || object.id.origin !== actorId.origin) return null;
    if (object.attributionIds.length !== 1 || object.attributionId?.href !== actorId.href) return null;
    const audience = [...object.toIds, ...object.ccIds].map((id) => id.href);
    const ours = new Set([PUBLIC, ...followers.filter((uri): uri is string => uri !== null)]);
    if (!audience.some((id) => ours.has(id))) return null;
    if (ctx.parseUri(object.replyTargetId) !== null) return null;
    const url = webLink(linkOf(object.url));
    const body = remoteContentText(text(object.content) ?? '', POST_MAX_LENGTH, url);
    const name = remoteNameText(text(object.name), 300);
    const image = await firstImage(ctx, object);
    if (!hasVisibleText(body) && !name && !image.image_url) return null;
    return {
      object_id: object.id.href,
      url,
      name,
      summary: remoteNameText(text(object.summary), 300),
      body,
      ...image,
      published_at: object.published?.epochMilliseconds ?? now(),
    };
  }

  /** The activity's id and actor, on one origin: no server speaks for another's accounts. */
  const ownActivity = (activity: Create | Update | Delete): boolean => activity.id !== null && activity.actorId !== null && activity.id.origin === activity.actorId.origin;

  async function create(ctx: InboxContext<void>, activity: Create) {
    if (!ownActivity(activity)) return;
    // Read only for someone who follows them: nothing fetched or kept of an account nobody here follows.
    const follows = await followingRepo.acceptedFollowsOf(k, activity.actorId!.href);
    if (follows.length === 0) return;
    const post = await postOf(ctx, activity, follows.map((row) => row.followers_uri));
    if (post) await followingRepo.addPost(k, { actor: follows[0]!.actor, ...post }, now());
  }

  async function update(ctx: InboxContext<void>, activity: Update) {
    if (!ownActivity(activity) || !activity.objectId) return;
    const existing = await followingRepo.postByObject(k, activity.objectId.href);
    if (!existing || existing.actor_id !== activity.actorId!.href) return;
    const follows = await followingRepo.acceptedFollowsOf(k, existing.actor_id);
    const post = await postOf(ctx, activity, follows.map((row) => row.followers_uri));
    // Edited into something we would not have stored (now a direct message, or empty): it goes.
    if (!post || post.object_id !== activity.objectId.href) return void (await followingRepo.removePost(k, existing.id));
    const { object_id: _id, published_at: _published, ...fields } = post;
    await followingRepo.updatePost(k, existing.id, fields, now());
  }

  /** A post deleted where it was written (Mastodon sends a Tombstone of it, or its id). */
  async function remove(del: Delete) {
    if (!del.actorId || !del.objectId) return;
    const existing = await followingRepo.postByObject(k, del.objectId.href);
    if (existing && existing.actor_id === del.actorId.href) await followingRepo.removePost(k, existing.id);
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
    accept: logged('Accept', accept),
    reject: logged('Reject', reject),
    create: logged('Create of a post', create),
    update: logged('Update of a post', update),
    remove: logged('Delete of a post', remove),
  };
}
