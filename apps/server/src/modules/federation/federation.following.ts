import { randomUUID } from 'node:crypto';
import type { Actor, Federation } from '@fedify/fedify';
import { ACCOUNT_BLOCK_MESSAGES, FOLLOWING_LIMITS, FOLLOWING_MESSAGES, parseRemoteAccount, type RemoteFollowing, type RemotePost, type RemotePostReply } from '@vgl/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import type { UserRow } from '../users/users.repo.js';
import { remoteActorFields } from './federation.actors.js';
import type { Fedify } from './federation.fedify.js';
import { accountBlocksRepo } from './federation.blocks.repo.js';
import { followingRepo, type FollowingRow } from './federation.following.repo.js';
import { hostOf, policiesOf } from './federation.instances.js';
import { interactionsRepo } from './federation.interactions.repo.js';
import { presentReply } from './federation.replies-out.js';
import { repliesOutRepo } from './federation.replies-out.repo.js';

export interface FollowingDeps {
  f: Fedify;
  federation: Federation<void>;
  k: Kysely<Database>;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Whether a remote inbox may receive our deliveries: https only, unless a test allowed plain http. */
  reachable: (inbox: URL) => boolean;
  /** Tests only: the fake server's plain-http links count as web links. */
  allowHttp: boolean;
  now?: () => number;
}

const presentFollow = (row: FollowingRow): RemoteFollowing => ({
  id: row.id,
  name: row.name ?? row.handle,
  handle: row.handle,
  url: row.profile_url ?? row.actor_id,
  host: row.host,
  state: row.state,
  since: Number(row.created_at),
});

type FeedRow = Awaited<ReturnType<typeof followingRepo.feedOf>>[number];

const presentPost = (row: FeedRow, viewerReplies: RemotePostReply[]): RemotePost => ({
  id: row.id,
  account: { name: row.name ?? row.handle, handle: row.handle, url: row.profile_url ?? row.actor_id, host: row.host, avatar: row.avatar_url },
  title: row.title,
  contentWarning: row.summary,
  text: row.body,
  image: row.image_url ? { url: row.image_url, alt: row.image_alt } : null,
  url: row.url,
  published: Number(row.published_at),
  // An EXISTS: a boolean on PostgreSQL, 0 or 1 on SQLite.
  viewerLiked: Number(row.liked) === 1,
  viewerReplies,
});

/**
 * A member following accounts on other servers (issue 40): the account is
 * found with Fedify (WebFinger for a handle, or the address as given), a
 * Follow signed by the member goes to its inbox, and the follow waits
 * (pending) until their server Accepts it (federation.posts.ts); their posts
 * then come to our inbox and show in the member's feed. Unfollowing sends
 * an Undo of that Follow. A blocked server is never asked anything.
 */
export function createFollowingService({ f, federation, k, publicUrl, log, reachable, allowHttp, now = Date.now }: FollowingDeps) {
  const origin = new URL(publicUrl);
  const webLink = (url: URL | null | undefined): string | null => (url && (url.protocol === 'https:' || (allowHttp && url.protocol === 'http:')) ? url.href : null);
  const context = () => federation.createContext(origin, undefined);
  const active = (member: UserRow) => {
    if (member.state !== 'active') throw forbidden('Only active members can follow accounts on other servers.');
  };
  const blocked = async (hosts: (string | null)[]) => {
    if ((await policiesOf(k, hosts)) === 'block') throw new AppError(403, 'forbidden', FOLLOWING_MESSAGES.blocked);
  };

  /** The remote actor an account names, fetched as the member (servers in secure mode answer signed requests only). */
  async function find(member: UserRow, account: string): Promise<Actor & { id: URL; inboxId: URL }> {
    const ref = parseRemoteAccount(account);
    if ('error' in ref) throw badRequest(ref.error);
    const typed = account.trim();
    // One of ours: a remote follow of a member would be a follow of nothing (their posts are here already).
    const ownHost = 'handle' in ref ? ref.handle.split('@')[2] === origin.host : new URL(ref.url).origin === origin.origin;
    if (ownHost) throw badRequest(FOLLOWING_MESSAGES.member(typed));
    await blocked([ref.host]);
    const ctx = context();
    const documentLoader = await ctx.getDocumentLoader({ identifier: String(member.id) });
    const found = await ctx.lookupObject('handle' in ref ? ref.handle : ref.url, { documentLoader }).catch((err: unknown) => {
      log.info({ err, account: typed }, 'federation: an account to follow could not be looked up');
      return null;
    });
    if (!found || !f.isActor(found) || !found.id || !found.inboxId) throw notFound(FOLLOWING_MESSAGES.notFound(typed));
    if (found.id.origin === origin.origin) throw badRequest(FOLLOWING_MESSAGES.member(typed));
    // The address may redirect, or the actor live on another host than its handle's.
    await blocked([hostOf(found.id), hostOf(found.inboxId)]);
    // An account suspended here, or one the member blocks, is not followed either.
    if (await accountBlocksRepo.suspended(k, [found.id.href])) throw new AppError(403, 'forbidden', ACCOUNT_BLOCK_MESSAGES.suspended);
    if (await accountBlocksRepo.blocks(k, member.id, found.id.href)) throw new AppError(403, 'forbidden', ACCOUNT_BLOCK_MESSAGES.blockedByYou);
    if (!reachable(found.inboxId)) throw notFound(FOLLOWING_MESSAGES.notFound(typed));
    return found as Actor & { id: URL; inboxId: URL };
  }

  async function sendUndo(userId: number, row: Pick<FollowingRow, 'follow_id' | 'actor_id' | 'inbox'>): Promise<void> {
    const ctx = context();
    const identifier = String(userId);
    const actorUri = ctx.getActorUri(identifier);
    const undo = new f.Undo({
      id: new URL(`${actorUri.href}#undo-follows/${randomUUID()}`),
      actor: actorUri,
      object: new f.Follow({ id: new URL(row.follow_id), actor: actorUri, object: new URL(row.actor_id) }),
    });
    await ctx
      .sendActivity({ identifier }, { id: new URL(row.actor_id), inboxId: new URL(row.inbox) }, undo)
      .catch((err: unknown) => log.error({ err, actor: row.actor_id }, 'federation: the Undo of a Follow could not be queued'));
  }

  return {
    /** Follows the account (201), or answers the follow the member already has (200). */
    async follow(member: UserRow, account: string): Promise<{ follow: RemoteFollowing; created: boolean }> {
      active(member);
      const remote = await find(member, account);
      const ctx = context();
      const identifier = String(member.id);
      const actorUri = ctx.getActorUri(identifier);
      const actor = await interactionsRepo.saveActor(k, await remoteActorFields(remote, webLink, { documentLoader: ctx.documentLoader, suppressError: true }), now());
      const existing = await followingRepo.followOfActor(k, member.id, actor);
      if (existing) return { follow: presentFollow(existing), created: false };
      if ((await followingRepo.countOf(k, member.id)) >= FOLLOWING_LIMITS.maxFollowing) throw badRequest(FOLLOWING_MESSAGES.tooMany);
      const followId = new URL(`${actorUri.href}#follows/${randomUUID()}`);
      const sharedInbox = remote.endpoints?.sharedInbox ?? null;
      const id = await followingRepo.addFollow(k, {
        user_id: member.id,
        actor,
        inbox: remote.inboxId.href,
        shared_inbox: sharedInbox && reachable(sharedInbox) ? sharedInbox.href : null,
        followers_uri: remote.followersId?.href ?? null,
        follow_id: followId.href,
        created_at: now(),
      });
      // The same follow made at the same moment elsewhere (a double click, two instances): that one stands, and its Follow went.
      const row = await followingRepo.followOfActor(k, member.id, actor);
      if (id === null || !row) return { follow: presentFollow(row!), created: false };
      await ctx
        .sendActivity({ identifier }, remote, new f.Follow({ id: followId, actor: actorUri, object: remote.id }))
        .catch((err: unknown) => log.error({ err, actor: remote.id.href }, 'federation: a Follow could not be queued'));
      return { follow: presentFollow(row), created: true };
    },

    list: async (member: UserRow) => (await followingRepo.followsOf(k, member.id, FOLLOWING_LIMITS.maxFollowing)).map(presentFollow),

    /** Stops following: the row goes at once, and their server gets an Undo of our Follow. */
    async unfollow(member: UserRow, id: number): Promise<void> {
      active(member);
      const row = await followingRepo.followOf(k, member.id, id);
      if (!row || !(await followingRepo.removeFollow(k, row.id))) throw notFound(FOLLOWING_MESSAGES.notFollowing);
      await sendUndo(member.id, row);
    },

    /** Tells their server a follow ended here (unfollowed, or the account blocked): an Undo of our Follow. */
    sendUndo,

    /** Likes a post in the member's feed: its server gets a Like signed by them (once, however often they ask). */
    async like(member: UserRow, postId: number): Promise<void> {
      active(member);
      const post = await followingRepo.postInFeed(k, member.id, postId);
      if (!post) throw notFound(FOLLOWING_MESSAGES.noPost);
      const ctx = context();
      const identifier = String(member.id);
      const actorUri = ctx.getActorUri(identifier);
      const id = new URL(`${actorUri.href}#likes/${randomUUID()}`);
      if (!(await followingRepo.addLike(k, { post: post.id, user_id: member.id, activity_id: id.href, created_at: now() }))) return;
      await ctx
        .sendActivity({ identifier }, { id: new URL(post.actor_id), inboxId: new URL(post.inbox) }, new f.Like({ id, actor: actorUri, object: new URL(post.object_id) }))
        .catch((err: unknown) => log.error({ err, actor: post.actor_id }, 'federation: a Like could not be queued'));
    },

    /** Takes the member's like back: an Undo of that Like. Nothing to take back is not an error. */
    async unlike(member: UserRow, postId: number): Promise<void> {
      active(member);
      const post = await followingRepo.postInFeed(k, member.id, postId);
      if (!post) throw notFound(FOLLOWING_MESSAGES.noPost);
      const likeId = await followingRepo.removeLike(k, post.id, member.id);
      if (likeId === null) return;
      const ctx = context();
      const identifier = String(member.id);
      const actorUri = ctx.getActorUri(identifier);
      const undo = new f.Undo({
        id: new URL(`${actorUri.href}#undo-likes/${randomUUID()}`),
        actor: actorUri,
        object: new f.Like({ id: new URL(likeId), actor: actorUri, object: new URL(post.object_id) }),
      });
      await ctx
        .sendActivity({ identifier }, { id: new URL(post.actor_id), inboxId: new URL(post.inbox) }, undo)
        .catch((err: unknown) => log.error({ err, actor: post.actor_id }, 'federation: the Undo of a Like could not be queued'));
    },

    /** A page of the followed accounts' posts, newest first, and the `before` of the next page (null on the last). */
    async feed(member: UserRow, before: number | undefined, limit: number): Promise<{ items: RemotePost[]; nextCursor: number | null }> {
      const rows = await followingRepo.feedOf(k, member.id, before, limit + 1);
      const page = rows.slice(0, limit);
      const ctx = context();
      const replies = new Map<number, RemotePostReply[]>();
      for (const reply of await repliesOutRepo.repliesUnder(k, member.id, page.map((row) => row.id))) {
        replies.set(reply.post, [...(replies.get(reply.post) ?? []), presentReply(ctx, f, reply)]);
      }
      return { items: page.map((row) => presentPost(row, replies.get(row.id) ?? [])), nextCursor: rows.length > limit ? page.at(-1)!.id : null };
    },
  };
}

export type FollowingService = ReturnType<typeof createFollowingService>;
