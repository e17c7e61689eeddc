import type { Context, Federation } from '@fedify/fedify';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FollowAnswers } from './federation.approvals.js';
import type { Fedify } from './federation.fedify.js';
import { forgetRequestNotice, hostOf, policiesOf } from './federation.instances.js';
import { noteDigest, noteFields } from './federation.note.js';
import type { registerObjects } from './federation.objects.js';
import { publishedRepo } from './federation.published.repo.js';
import { federationRepo } from './federation.repo.js';
import { sendDeletion, sendToFollowers } from './federation.send.js';

export interface PublishDeps {
  f: Fedify;
  k: Kysely<Database>;
  federation: Federation<void>;
  publicUrl: string;
  buildNote: ReturnType<typeof registerObjects>['buildNote'];
  answers: FollowAnswers;
  log: FastifyBaseLogger;
  now?: () => number;
}

/**
 * Keeps what followers elsewhere have of a member's reviews in step with
 * what everyone may read here. After any write that can change a review (its
 * text, rating, spoilers mark, who may read it, the entry's deletion, the
 * profile made private) the entry is compared with what was last sent
 * (federation_notes): a review now public and never sent → Create; sent and
 * changed → Update; sent and no longer public (or gone) → Delete. So the
 * rule of what may leave lives in one query (federationRepo.publicReview),
 * not at each place that writes, and a private review is never sent.
 * Deliveries go through the job queue (federation.queue.ts).
 */
export function createPublisher({ f, k, federation, publicUrl, buildNote, answers, log, now = Date.now }: PublishDeps) {
  /** One reconciliation of an entry at a time in this process, so two quick edits cannot both send a Create. */
  const queued = new Map<number, Promise<void>>();
  const underWay = new Set<Promise<void>>();
  const context = (): Context<void> => federation.createContext(new URL(publicUrl), undefined);

  async function reconcile(entryId: number): Promise<void> {
    const [row, sent] = await Promise.all([federationRepo.publicReview(k, entryId), federationRepo.noteOf(k, entryId)]);
    const ctx = context();
    const at = now();
    if (row) {
      const fields = noteFields(publicUrl, row);
      const digest = noteDigest(fields);
      if (sent?.digest === digest) return;
      const identifier = String(row.user_id);
      const objectKey = sent?.object_key ?? `${entryId}-${at.toString(36)}`;
      // Recorded before it is queued: the entry's row is the claim, so two instances reconciling the same entry at
      // once cannot both send a Create (the second insert fails). Undone below if it could not be queued.
      // One the outbox backfill recorded was never sent: its first change is a Create (of the id it is listed under).
      const known = sent !== undefined && Number(sent.announced) === 1;
      if (sent) await federationRepo.updateNote(k, entryId, digest, at);
      else await federationRepo.insertNote(k, { entry_id: entryId, user_id: row.user_id, object_key: objectKey, digest, published_at: at, updated_at: at });
      const undo = () => (sent ? federationRepo.updateNote(k, entryId, sent.digest, Number(sent.updated_at), Number(sent.announced)) : federationRepo.deleteNote(k, entryId));
      const note = buildNote(ctx, row, objectKey, fields);
      await sendToFollowers(f, ctx, { identifier, object: note, known, at, undo });
      return;
    }
    if (!sent) return;
    const identifier = String(sent.user_id);
    const noteId = ctx.getObjectUri(f.Note, { key: sent.object_key });
    await sendDeletion(f, ctx, { identifier, objectId: noteId, at });
    // Forgotten once the Delete is queued: were it forgotten first and the queueing failed, nothing would retry it.
    await federationRepo.deleteNote(k, entryId);
  }

  /** Reconciles the entry after those already asked for it; resolves when done (never rejects: failures are logged). */
  function schedule(entryId: number): Promise<void> {
    const previous = queued.get(entryId) ?? Promise.resolve();
    const next = previous.then(() => reconcile(entryId)).catch((err: unknown) => log.error({ err, entryId }, 'federation: a review could not be published'));
    queued.set(entryId, next);
    underWay.add(next);
    void next.finally(() => {
      underWay.delete(next);
      if (queued.get(entryId) === next) queued.delete(entryId);
    });
    return next;
  }

  /**
   * A member whose profile is public (again): the remote follows that waited while it was private are accepted,
   * as a local member's waiting requests are (audience.setPrivacy), before their reviews go out. Those of a
   * silenced server keep waiting for the member.
   */
  async function acceptWaiting(userId: number): Promise<void> {
    if (!(await federationRepo.publicMember(k, userId))) return;
    for (const waiting of await federationRepo.pendingFollowers(k, userId)) {
      if ((await policiesOf(k, [hostOf(waiting.actor_id), hostOf(waiting.inbox)])) !== null) continue;
      // Answered by the member meanwhile (approved or declined): theirs was the answer sent.
      if (!(await federationRepo.acceptFollower(k, waiting.id))) continue;
      await forgetRequestNotice(k, userId, waiting.id, { unreadOnly: true });
      await answers.accept(userId, waiting);
    }
  }

  return {
    /** After a write to an entry has committed: publish, update or delete its review elsewhere. Never throws. */
    entryChanged: (entryId: number): void => void schedule(entryId),
    /**
     * After a member's profile changed who may read it (made private or public, suspended or let back): waiting
     * follows accepted if it is public now, then every review of theirs, one at a time (a member may have thousands).
     */
    memberChanged(userId: number): void {
      const check = (async () => {
        await acceptWaiting(userId);
        const [sent, reviews] = await Promise.all([federationRepo.notesOf(k, userId), federationRepo.reviewedEntries(k, userId)]);
        for (const entryId of new Set([...sent.map((r) => r.entry_id), ...reviews.map((r) => r.id)])) await schedule(entryId);
      })().catch((err: unknown) => log.error({ err, userId }, 'federation: a member’s reviews could not be published'));
      underWay.add(check);
      void check.finally(() => underWay.delete(check));
    },
    /**
     * Before a member's account is deleted: reads what the Deletes need (their keys and remote followers go with the
     * account), and returns what sends them once the deletion committed: a Delete of each review, play and list they published,
     * then of the actor itself. Nothing when no one elsewhere follows them.
     */
    async accountDeletion(userId: number): Promise<() => void> {
      const nothing = () => undefined;
      try {
        const followers = await federationRepo.acceptedFollowers(k, userId, 0);
        if (followers.length === 0) return nothing;
        const ctx = context();
        const identifier = String(userId);
        const [pairs, notes, objects] = await Promise.all([ctx.getActorKeyPairs(identifier), federationRepo.notesOf(k, userId), publishedRepo.recordsOf(k, userId)]);
        // Its reviews and finished plays are Notes, its lists Articles (federation.published.objects.ts).
        const ids = [
          ...notes.map((note) => ctx.getObjectUri(f.Note, { key: note.object_key })),
          ...objects.map((row) => (row.kind === 'list' ? ctx.getObjectUri(f.Article, { key: row.object_key }) : ctx.getObjectUri(f.Note, { key: row.object_key }))),
        ];
        const keys = pairs.map((pair) => ({ keyId: pair.keyId, privateKey: pair.privateKey }));
        const recipients = followers.map((row) => ({ id: new URL(row.actor_id), inboxId: new URL(row.inbox), endpoints: { sharedInbox: row.shared_inbox ? new URL(row.shared_inbox) : null } }));
        const actor = ctx.getActorUri(identifier);
        const send = async () => {
          const at = now();
          for (const objectId of ids) {
            const activity = new f.Delete({ id: new URL(`${objectId.href}#delete-${at}`), actor, to: f.PUBLIC_COLLECTION, object: new f.Tombstone({ id: objectId }) });
            await ctx.sendActivity(keys, recipients, activity, { preferSharedInbox: true });
          }
          await ctx.sendActivity(keys, recipients, new f.Delete({ id: new URL(`${actor.href}#delete-${at}`), actor, to: f.PUBLIC_COLLECTION, object: actor }), { preferSharedInbox: true });
        };
        return () => {
          const sending = send().catch((err: unknown) => log.error({ err, userId }, 'federation: the deletion of an account could not be sent'));
          underWay.add(sending);
          void sending.finally(() => underWay.delete(sending));
        };
      } catch (err) {
        log.error({ err, userId }, 'federation: the deletion of an account could not be prepared');
        return nothing;
      }
    },
    /** Waits for the reconciliations under way (closing, and tests). */
    async settled(): Promise<void> {
      while (underWay.size > 0) await Promise.allSettled([...underWay]);
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;
