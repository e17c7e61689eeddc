import type { Context, Federation } from '@fedify/fedify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { usernameKey } from '../users/users.repo.js';
import type { Fedify } from './federation.fedify.js';
import { blockedDomains, isBlockedBy } from './federation.instances.js';
import { memberKeys } from './federation.keys.js';
import { noteFields, paragraphsHtml, type NoteFields } from './federation.note.js';
import { buildReplyNote, isReplyKey } from './federation.replies-out.js';
import { repliesOutRepo } from './federation.replies-out.repo.js';
import { federationRepo, type PublicReviewRow } from './federation.repo.js';
import { isPlayKey, type PublishedObjects } from './federation.published.objects.js';
import { publishedRepo } from './federation.published.repo.js';

/** Where Fedify answers: actors by member id, so their ids survive a change of username. */
export const AP_PATHS = {
  actor: '/ap/users/{identifier}',
  inbox: '/ap/users/{identifier}/inbox',
  sharedInbox: '/ap/inbox',
  outbox: '/ap/users/{identifier}/outbox',
  followers: '/ap/users/{identifier}/followers',
  note: '/ap/notes/{key}',
} as const;

/** Items per page of the outbox and followers collections. */
const PAGE_SIZE = 20;

/** A member id from an actor identifier: digits only, so "01" or "1e3" name no one. */
export const memberIdOf = (identifier: string): number | null => (/^[1-9]\d{0,15}$/.test(identifier) ? Number(identifier) : null);

/** An avatar's type by its file name (new ones are all WebP; older uploads kept theirs); null when it does not say. */
const imageType = (name: string): string | null =>
  ({ webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif' })[name.split('.').pop()?.toLowerCase() ?? ''] ?? null;

export interface ObjectsDeps {
  f: Fedify;
  k: Kysely<Database>;
  publicUrl: string;
  /** Plays and lists (federation.published.objects.ts): their objects, in the outbox and at play notes' keys. */
  published: PublishedObjects;
}

/**
 * The things of this instance other servers read: members as Person actors
 * (with their keys), their followers and outbox collections, and their
 * published reviews and finished plays as Notes (lists are Articles: federation.published.objects.ts).
 */
export function registerObjects(federation: Federation<void>, { f, k, publicUrl, published }: ObjectsDeps) {
  const keyPairsOf = memberKeys(f, k);
  const instant = (ms: number) => f.Temporal.Instant.fromEpochMilliseconds(Number(ms));

  /** The Note of a published review: the same whether read from its URL, the outbox, or delivered. */
  function buildNote(ctx: Context<void>, row: PublicReviewRow, objectKey: string, fields: NoteFields = noteFields(publicUrl, row)) {
    const identifier = String(row.user_id);
    const created = row.review_created_at === null ? null : Number(row.review_created_at);
    const updated = row.review_updated_at === null ? null : Number(row.review_updated_at);
    return new f.Note({
      id: ctx.getObjectUri(f.Note, { key: objectKey }),
      attribution: ctx.getActorUri(identifier),
      to: f.PUBLIC_COLLECTION,
      cc: ctx.getFollowersUri(identifier),
      content: fields.content,
      mediaType: 'text/html',
      summary: fields.summary,
      sensitive: fields.summary !== null,
      url: new URL(fields.url),
      published: created === null ? null : instant(created),
      updated: updated !== null && updated !== created ? instant(updated) : null,
      attachments: fields.cover ? [new f.Image({ url: new URL(fields.cover.url), mediaType: 'image/jpeg', name: fields.cover.name })] : [],
    });
  }

  federation
    .setActorDispatcher(AP_PATHS.actor, async (ctx, identifier) => {
      const id = memberIdOf(identifier);
      const member = id === null ? undefined : await federationRepo.activeMember(k, id);
      if (!member) return null;
      const keys = await ctx.getActorKeyPairs(identifier);
      const isPrivate = Number(member.is_private) === 1;
      return new f.Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: member.username,
        name: member.username,
        summary: member.bio ? paragraphsHtml(member.bio) : null,
        url: new URL(`${publicUrl}/u/${encodeURIComponent(member.username.toLowerCase())}`),
        icon: member.avatar ? new f.Image({ url: new URL(`${publicUrl}/uploads/avatars/${encodeURIComponent(member.avatar)}`), mediaType: imageType(member.avatar) }) : null,
        inbox: ctx.getInboxUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        endpoints: new f.Endpoints({ sharedInbox: ctx.getInboxUri() }),
        // A private profile's followers wait for the member's approval (Settings → Privacy).
        manuallyApprovesFollowers: isPrivate,
        discoverable: !isPrivate && Number(member.hide_from_search) === 0,
        published: instant(member.created_at),
        publicKey: keys[0]?.cryptographicKey ?? null,
        assertionMethods: keys.map((pair) => pair.multikey),
      });
    })
    // A suspended member is no actor, but their key still signs the Deletes of what they had published
    // (remote servers verify with the key they cached when they first saw them).
    .setKeyPairsDispatcher(async (_ctx, identifier) => {
      const id = memberIdOf(identifier);
      if (id === null || !(await federationRepo.admittedMember(k, id))) return [];
      return keyPairsOf(id);
    })
    // acct:name@host → the member's id; a renamed member is found by the new name, and keeps their actor id.
    .mapHandle(async (_ctx, username) => {
      const id = await federationRepo.activeMemberIdByName(k, usernameKey(username));
      return id === undefined ? null : String(id);
    });

  // Every accepted follower, for deliveries (cursor null) and, paged, for anyone reading the collection of a public profile.
  federation
    .setFollowersDispatcher(AP_PATHS.followers, async (_ctx, identifier, cursor) => {
      const id = memberIdOf(identifier);
      if (id === null) return null;
      const offset = cursor === null ? 0 : Number(cursor);
      if (!Number.isSafeInteger(offset) || offset < 0) return null;
      const [rows, blocked] = await Promise.all([federationRepo.acceptedFollowers(k, id, offset, cursor === null ? undefined : PAGE_SIZE), blockedDomains(k)]);
      // A block removed the server's follows; one recorded in the same moment is left out here, so nothing reaches it.
      const items = rows.filter((row) => !isBlockedBy(blocked, row.actor_id) && !isBlockedBy(blocked, row.inbox)).map((row) => ({ id: new URL(row.actor_id), inboxId: new URL(row.inbox), endpoints: { sharedInbox: row.shared_inbox ? new URL(row.shared_inbox) : null } }));
      return { items, nextCursor: cursor !== null && rows.length === PAGE_SIZE ? String(offset + PAGE_SIZE) : null };
    })
    .setCounter(async (_ctx, identifier) => {
      const id = memberIdOf(identifier);
      return id === null ? null : federationRepo.acceptedFollowerCount(k, id);
    })
    .setFirstCursor(() => '0')
    // Who follows a private member is theirs to show: only public profiles list it.
    .authorize(async (_ctx, identifier) => {
      const id = memberIdOf(identifier);
      const member = id === null ? undefined : await federationRepo.activeMember(k, id);
      return member !== undefined && Number(member.is_private) === 0;
    });

  // What the member published (reviews, finished plays, lists), newest first, as the Create activities that announced
  // them. One no longer public is left out of its page: its Delete is on its way.
  federation
    .setOutboxDispatcher(AP_PATHS.outbox, async (ctx, identifier, cursor) => {
      const id = memberIdOf(identifier);
      if (id === null || cursor === null) return null;
      const offset = Number(cursor);
      if (!Number.isSafeInteger(offset) || offset < 0) return null;
      const records = await publishedRepo.outboxPage(k, id, offset, PAGE_SIZE);
      const objects = await Promise.all(
        records.map(async (record) => {
          if (record.kind === 'review') {
            const row = await federationRepo.publicReview(k, record.subject_id);
            return row && row.user_id === id ? buildNote(ctx, row, record.object_key) : null;
          }
          const current = await published.subject(record.kind, record.subject_id);
          return current && current.userId === id ? published.build(ctx, current, record.object_key, record) : null;
        }),
      );
      const items = records.flatMap((record, i) => {
        const object = objects[i];
        if (!object) return [];
        return [new f.Create({ id: new URL(`${object.id!.href}#create`), actor: ctx.getActorUri(identifier), to: f.PUBLIC_COLLECTION, cc: ctx.getFollowersUri(identifier), object, published: instant(Number(record.published_at)) })];
      });
      return { items, nextCursor: records.length === PAGE_SIZE ? String(offset + PAGE_SIZE) : null };
    })
    .setCounter(async (_ctx, identifier) => {
      const id = memberIdOf(identifier);
      return id === null ? null : publishedRepo.outboxCount(k, id);
    })
    .setFirstCursor(() => '0');

  // A published review or finished play, or a member's reply to a post elsewhere, at its note's id: gone (404) once
  // it is no longer public, or deleted. Fedify takes one path per object type, so the kinds share it by key prefix.
  federation.setObjectDispatcher(f.Note, AP_PATHS.note, async (ctx, { key }) => {
    if (isPlayKey(key)) return published.playNote(ctx, key);
    if (isReplyKey(key)) {
      const reply = await repliesOutRepo.replyByKey(k, key);
      return reply ? buildReplyNote(f, ctx, reply) : null;
    }
    const record = await federationRepo.noteByKey(k, key);
    const row = record ? await federationRepo.publicReview(k, record.entry_id) : undefined;
    return record && row ? buildNote(ctx, row, record.object_key) : null;
  });

  return { buildNote, keyPairsOf };
}
