import { randomUUID } from 'node:crypto';
import type { Federation, InboxContext } from '@fedify/fedify';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { Fedify } from './federation.fedify.js';
import { accountBlocksRepo } from './federation.blocks.repo.js';
import { inboundInteractions } from './federation.interactions.js';
import { inboundPosts } from './federation.posts.js';
import { AP_PATHS, memberIdOf } from './federation.objects.js';
import { forgetRequestNotice, hostOf, policiesOf } from './federation.instances.js';
import { federationRepo } from './federation.repo.js';
import type { Conn } from '../library/library.repo.js';

export interface InboxDeps {
  f: Fedify;
  k: Kysely<Database>;
  log: FastifyBaseLogger;
  /** Whether a remote inbox may receive our deliveries: https only, unless a test allowed plain http. */
  reachable: (inbox: URL) => boolean;
  /** Tells a member what a remote account did to their review. */
  notifyRemote: NotificationsService['notifyRemote'];
  /** Tests only: the fake server's plain-http links count as web links. */
  allowHttp?: boolean;
  /** A follow waits for the member's approval: tell them, in the transaction that recorded it. */
  onFollowRequest?: ((conn: Conn, userId: number, followerId: number) => Promise<void>) | undefined;
  now?: () => number;
}

/** Who a remote follower is, for the member deciding on them: name, @name@host, profile page (http(s) only: it becomes a link). */
function describeActor(actor: { id: URL | null; name: unknown; preferredUsername: unknown; url: unknown }) {
  // Both may be language-tagged strings (String objects): their text is the same.
  const username = actor.preferredUsername === null || actor.preferredUsername === undefined ? '' : String(actor.preferredUsername);
  const name = actor.name === null || actor.name === undefined ? '' : String(actor.name);
  const link = actor.url instanceof URL ? actor.url : (actor.url as { href?: unknown } | null)?.href;
  const page = link instanceof URL && (link.protocol === 'https:' || link.protocol === 'http:') ? link.href : null;
  return {
    name: (name.trim() || username || null)?.slice(0, 200) ?? null,
    handle: username && actor.id ? `@${username}@${actor.id.host}`.slice(0, 600) : null,
    url: (page ?? actor.id?.href ?? null)?.slice(0, 2000) ?? null,
  };
}

/**
 * What other servers may tell us: follow a member (Follow), stop (Undo of
 * that Follow), that an account is gone (Delete of the actor), and what
 * their accounts do to members' published reviews: likes, boosts and replies,
 * their Undo, Update and Delete (federation.interactions.ts); the Accept or
 * Reject of members' follows of their accounts, and the posts of the
 * accounts members follow (federation.posts.ts). Fedify has
 * verified the request's HTTP Signature, and that its key is the activity's
 * actor's, before any of these run; anything else is accepted and ignored.
 * A blocked server's posts never get here: the routes refuse them first.
 */
/** Fetch options that turn a remote document we cannot get into null instead of an error. */
const loading = (ctx: InboxContext<void>) => ({ documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader, suppressError: true });

export function registerInbox(federation: Federation<void>, { f, k, log, reachable, notifyRemote, onFollowRequest, allowHttp = false, now = Date.now }: InboxDeps) {
  const interactions = inboundInteractions({ f, k, log, notifyRemote, allowHttp, now });
  const posts = inboundPosts({ f, k, log, allowHttp, now });
  /** The member an activity's object names, when it is one of our actors and may be followed (active). */
  async function followedMember(ctx: InboxContext<void>, object: URL | null) {
    const parsed = ctx.parseUri(object);
    if (parsed?.type !== 'actor') return undefined;
    const id = memberIdOf(parsed.identifier);
    return id === null ? undefined : federationRepo.activeMember(k, id);
  }

  federation
    .setInboxListeners(AP_PATHS.inbox, AP_PATHS.sharedInbox)
    .on(f.Follow, async (ctx, follow) => {
      if (!follow.id || !follow.actorId) return;
      const member = await followedMember(ctx, follow.objectId);
      if (!member) return;
      // An actor we cannot fetch cannot be delivered to: ignored, not an error for the sender.
      const follower = await follow.getActor(loading(ctx));
      if (!follower?.id || follower.id.href !== follow.actorId.href || !follower.inboxId) return;
      if (!reachable(follower.inboxId)) {
        log.info({ actor: follower.id.href }, 'federation: a follow from an actor whose inbox is not https was ignored');
        return;
      }
      const identifier = String(member.id);
      // An account the member blocks is told no at once (a Reject), and nothing is kept of it.
      if (await accountBlocksRepo.blocks(k, member.id, follower.id.href)) {
        await ctx.sendActivity(
          { identifier },
          follower,
          new f.Reject({
            id: new URL(`${ctx.getActorUri(identifier).href}#rejects/${randomUUID()}`),
            actor: ctx.getActorUri(identifier),
            object: new f.Follow({ id: follow.id, actor: follow.actorId, object: follow.objectId }),
          }),
        );
        return;
      }
      // The routes refused a blocked server's post; an actor whose inbox is on one is refused here.
      const policy = await policiesOf(k, [hostOf(follower.id), hostOf(follower.inboxId)]);
      if (policy === 'block') return;
      const sharedInbox = follower.endpoints?.sharedInbox ?? null;
      // A private profile's followers, and a silenced server's, wait for the member's approval (Settings → Privacy).
      const waits = Number(member.is_private) === 1 || policy === 'silence';
      const saved = await k.transaction().execute(async (trx) => {
        const row = await federationRepo.recordFollow(trx, {
          user_id: member.id,
          actor_id: follower.id!.href,
          inbox: follower.inboxId!.href,
          shared_inbox: sharedInbox && reachable(sharedInbox) ? sharedInbox.href : null,
          follow_id: follow.id!.href,
          state: waits ? 'pending' : 'accepted',
          created_at: now(),
          ...describeActor(follower),
        });
        // Asked once, told once; nothing from a silenced server notifies anyone.
        if (row.created && row.state === 'pending' && policy !== 'silence') await onFollowRequest?.(trx, member.id, row.id);
        // Asked again where it no longer has to wait (the server's silence was lifted since): accepted now.
        if (!row.created && row.state === 'pending' && !waits) {
          await federationRepo.acceptFollower(trx, row.id);
          await forgetRequestNotice(trx, member.id, row.id, { unreadOnly: true });
          return { ...row, state: 'accepted' as const };
        }
        return row;
      });
      if (saved.state === 'pending') return;
      await ctx.sendActivity(
        { identifier },
        follower,
        new f.Accept({
          id: new URL(`${ctx.getActorUri(identifier).href}#accepts/${randomUUID()}`),
          actor: ctx.getActorUri(identifier),
          // The Follow as it came, by ids only (the follower's document, fetched meanwhile, is not sent back).
          object: new f.Follow({ id: follow.id, actor: follow.actorId, object: follow.objectId }),
        }),
      );
    })
    .on(f.Undo, async (ctx, undo) => {
      if (!undo.actorId) return;
      const object = await undo.getObject(loading(ctx));
      // A like or boost taken back (or an object we could not fetch, known here by its id alone).
      if (!(object instanceof f.Follow)) return interactions.undo(ctx, undo, object);
      // Only the follower can take its follow back.
      if (object.actorId?.href !== undo.actorId.href) return;
      const member = await followedMember(ctx, object.objectId);
      if (member) await federationRepo.removeFollower(k, member.id, undo.actorId.href);
    })
    .on(f.Like, interactions.like)
    .on(f.Announce, interactions.announce)
    // One listener per type (Fedify calls one): a reply to a member's review, or a followed account's post (each handler ignores the other's).
    .on(f.Create, async (ctx, create) => {
      await interactions.create(ctx, create);
      await posts.create(ctx, create);
    })
    .on(f.Update, async (ctx, update) => {
      await interactions.update(ctx, update);
      await posts.update(ctx, update);
    })
    // The answers to members' follows of remote accounts.
    .on(f.Accept, posts.accept)
    .on(f.Reject, posts.reject)
    .on(f.Delete, async (_ctx, del) => {
      if (!del.actorId || !del.objectId) return;
      // An account deleting itself (its own id as the object): its follows, likes, boosts and replies here go.
      if (del.objectId.href === del.actorId.href) {
        await federationRepo.removeActor(k, del.actorId.href);
        // Its row in federation_actors goes, and with it (cascading) members' follows of it and its posts.
        return interactions.actorGone(del.actorId.href);
      }
      // Otherwise a post of theirs: one of their replies, or a post a member's feed shows.
      await interactions.deleteReply(del);
      return posts.remove(del);
    })
    .onError((_ctx, error) => {
      log.warn({ err: error }, 'federation: an incoming activity could not be handled');
    });
}
