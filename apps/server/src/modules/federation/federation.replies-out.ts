import { randomUUID } from 'node:crypto';
import type { Context, Federation } from '@fedify/fedify';
import { FOLLOWING_MESSAGES, SOCIAL_LIMITS, SOCIAL_MESSAGES, type RemotePostReply } from '@vgl/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import type { LimitCounters } from '../../http/limits/index.js';
import { userRateLimit } from '../../http/user-rate-limit.js';
import type { UserRow } from '../users/users.repo.js';
import type { Fedify } from './federation.fedify.js';
import { followingRepo } from './federation.following.repo.js';
import { hostOf, policiesOf } from './federation.instances.js';
import { paragraphsHtml } from './federation.note.js';
import { repliesOutRepo, type ReplyNoteRow } from './federation.replies-out.repo.js';

/** Reply Notes share the review notes' path (Fedify serves one path per object type); this prefix tells them apart. */
const REPLY_KEY_PREFIX = 'reply-';
export const isReplyKey = (key: string) => key.startsWith(REPLY_KEY_PREFIX);

/**
 * The Note of a member's reply, the same whether delivered or read at its id:
 * public, to the post's author (whom a Mention tags, so Mastodon notifies
 * them and threads it under their post).
 */
export function buildReplyNote(f: Fedify, ctx: Context<void>, row: ReplyNoteRow) {
  const author = new URL(row.author);
  return new f.Note({
    id: ctx.getObjectUri(f.Note, { key: row.object_key }),
    attribution: ctx.getActorUri(String(row.user_id)),
    tos: [f.PUBLIC_COLLECTION, author],
    replyTarget: new URL(row.in_reply_to),
    content: paragraphsHtml(row.body),
    mediaType: 'text/html',
    tags: [new f.Mention({ href: author, name: row.author_handle })],
    published: f.Temporal.Instant.fromEpochMilliseconds(Number(row.created_at)),
  });
}

export interface RepliesOutDeps {
  f: Fedify;
  federation: Federation<void>;
  k: Kysely<Database>;
  publicUrl: string;
  log: FastifyBaseLogger;
  limits?: LimitCounters | undefined;
  now?: () => number;
}

/** A reply as the feed shows it under its post. */
export const presentReply = (ctx: Context<void>, f: Fedify, row: { id: number; object_key: string; body: string; created_at: number }): RemotePostReply => ({
  id: row.id,
  text: row.body,
  uri: ctx.getObjectUri(f.Note, { key: row.object_key }).href,
  created: Number(row.created_at),
});

/**
 * A member replying to a post of an account they follow elsewhere (issue 40):
 * a Create of a public Note, signed by them, goes to the author's inbox; the
 * Note is served at its id while the reply lives here, and deleting it sends
 * a Delete (Tombstone). The member sees their replies under the post.
 */
export function createRepliesOutService({ f, federation, k, publicUrl, log, limits, now = Date.now }: RepliesOutDeps) {
  const origin = new URL(publicUrl);
  const context = () => federation.createContext(origin, undefined);
  // A reply is written like a comment, and as often: the same per-member budget.
  const limit = userRateLimit('federation-replies', SOCIAL_LIMITS.perMinute.comments, SOCIAL_MESSAGES.slowDown, { counters: limits, now });
  const active = (member: UserRow) => {
    if (member.state !== 'active') throw forbidden('Only active members can reply to accounts on other servers.');
  };

  return {
    /** Sends the reply and answers it as the feed shows it. */
    async reply(member: UserRow, postId: number, text: string): Promise<RemotePostReply> {
      active(member);
      const post = await followingRepo.postInFeed(k, member.id, postId);
      if (!post) throw notFound(FOLLOWING_MESSAGES.noPost);
      // A block ends the follows (so the post is gone); one made since, or of the inbox's host, still stops it here.
      if ((await policiesOf(k, [hostOf(post.actor_id), hostOf(post.inbox)])) === 'block') throw new AppError(403, 'forbidden', FOLLOWING_MESSAGES.blocked);
      await limit(member.id);
      const ctx = context();
      const identifier = String(member.id);
      const objectKey = `${REPLY_KEY_PREFIX}${randomUUID()}`;
      const createdAt = now();
      const id = await repliesOutRepo.add(k, { post: post.id, user_id: member.id, object_key: objectKey, inbox: post.inbox, body: text, created_at: createdAt });
      const row = await repliesOutRepo.replyByKey(k, objectKey);
      if (!row) throw notFound(FOLLOWING_MESSAGES.noPost);
      const note = buildReplyNote(f, ctx, row);
      const create = new f.Create({ id: new URL(`${note.id!.href}#create`), actor: ctx.getActorUri(identifier), tos: note.toIds, object: note, published: note.published });
      await ctx
        .sendActivity({ identifier }, { id: new URL(post.actor_id), inboxId: new URL(post.inbox) }, create)
        .catch((err: unknown) => log.error({ err, actor: post.actor_id }, 'federation: a reply could not be queued'));
      return presentReply(ctx, f, { id, object_key: objectKey, body: text, created_at: createdAt });
    },

    /** Deletes the member's own reply: it goes here at once, and the author's server gets a Delete of its Note. */
    async remove(member: UserRow, postId: number, replyId: number): Promise<void> {
      active(member);
      const reply = await repliesOutRepo.ownReply(k, member.id, postId, replyId);
      if (!reply || !(await repliesOutRepo.remove(k, reply.id))) throw notFound(FOLLOWING_MESSAGES.noReply);
      // Their server blocked since: nothing goes to it (the delivery gate would drop it anyway).
      if ((await policiesOf(k, [hostOf(reply.actor_id), hostOf(reply.inbox)])) === 'block') return;
      const ctx = context();
      const identifier = String(member.id);
      const actor = ctx.getActorUri(identifier);
      const noteId = ctx.getObjectUri(f.Note, { key: reply.object_key });
      const del = new f.Delete({ id: new URL(`${noteId.href}#delete`), actor, to: f.PUBLIC_COLLECTION, object: new f.Tombstone({ id: noteId }) });
      await ctx
        .sendActivity({ identifier }, { id: new URL(reply.actor_id), inboxId: new URL(reply.inbox) }, del)
        .catch((err: unknown) => log.error({ err, actor: reply.actor_id }, 'federation: the Delete of a reply could not be queued'));
    },
  };
}

export type RepliesOutService = ReturnType<typeof createRepliesOutService>;
