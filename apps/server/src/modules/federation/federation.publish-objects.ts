import type { Context, Federation } from '@fedify/fedify';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { JobQueue } from '../jobs/jobs.queue.js';
import type { Fedify } from './federation.fedify.js';
import { LIST_KEY_PREFIX, PLAY_KEY_PREFIX, type PublishedObjects } from './federation.published.objects.js';
import { publishedRepo } from './federation.published.repo.js';
import { FEDERATION_LIST_JOB } from './federation.queue.js';
import type { PublishedKind } from './federation.tables.js';
import { sendDeletion, sendToFollowers } from './federation.send.js';

/** How long a list must stay unedited before what it became is sent. */
export const LIST_SETTLE_SECONDS = 30;

export interface ObjectPublisherDeps {
  f: Fedify;
  k: Kysely<Database>;
  federation: Federation<void>;
  publicUrl: string;
  published: PublishedObjects;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** Tests shorten the list's settling. */
  listSettleSeconds?: number;
  now?: () => number;
}

/**
 * Keeps what followers elsewhere have of a member's finished plays (Notes)
 * and public lists (Articles) in step with what a visitor may read here, as
 * federation.publish.ts does for reviews: after a write, the play or list is
 * compared with what was last sent (federation_objects): public and never
 * sent → Create; sent and changed → Update; sent and no longer public, or
 * gone → Delete. Which plays and lists may leave is decided by one query
 * each (federation.published.repo.ts), never at the places that write.
 *
 * A play is reconciled at once. A list is edited in bursts (ten games added
 * one after another are ten writes), so it is reconciled once it settled:
 * every write queues a job (FEDERATION_LIST_JOB) carrying the list's
 * updated_at, delayed by LIST_SETTLE_SECONDS; a job finding the list written
 * again since (a later updated_at) does nothing, since that write's own job
 * comes later. So a burst sends one Update, with what the list became. The job
 * queue has no keyed or replaceable jobs, hence the check on updated_at
 * rather than one job per list; being jobs, they survive a restart and run
 * on whichever worker takes them. A deletion needs no settling: its Delete
 * goes at once.
 */
export function createObjectPublisher({ f, k, federation, publicUrl, published, jobs, log, listSettleSeconds = LIST_SETTLE_SECONDS, now = Date.now }: ObjectPublisherDeps) {
  /** One reconciliation of a play or list at a time in this process, so two quick edits cannot both send a Create. */
  const queued = new Map<string, Promise<void>>();
  const underWay = new Set<Promise<void>>();
  const context = (): Context<void> => federation.createContext(new URL(publicUrl), undefined);
  const track = (work: Promise<void>) => {
    underWay.add(work);
    void work.finally(() => underWay.delete(work));
  };

  async function reconcile(kind: PublishedKind, id: number): Promise<void> {
    const [current, sent] = await Promise.all([published.subject(kind, id), publishedRepo.recordOf(k, kind, id)]);
    const ctx = context();
    const at = now();
    if (current) {
      if (sent?.digest === current.digest) return;
      const identifier = String(current.userId);
      const objectKey = sent?.object_key ?? `${kind === 'play' ? PLAY_KEY_PREFIX : LIST_KEY_PREFIX}${id}-${at.toString(36)}`;
      // Recorded before it is queued: the row is the claim, so two instances reconciling it at once cannot both
      // send a Create (the second insert fails on (kind, subject_id)). Undone if it could not be queued.
      // One the outbox backfill recorded was never sent: its first change is a Create (of the id it is listed under).
      const known = sent !== undefined && Number(sent.announced) === 1;
      if (sent) await publishedRepo.updateRecord(k, kind, id, current.digest, at);
      else await publishedRepo.insertRecord(k, { kind, subject_id: id, user_id: current.userId, entry_id: current.entryId, object_key: objectKey, digest: current.digest, published_at: at, updated_at: at });
      const undo = () => (sent ? publishedRepo.updateRecord(k, kind, id, sent.digest, Number(sent.updated_at), Number(sent.announced)) : publishedRepo.deleteRecord(k, kind, id));
      const object = published.build(ctx, current, objectKey, { published_at: sent?.published_at ?? at, updated_at: at });
      await sendToFollowers(f, ctx, { identifier, object: object, known, at, undo });
      return;
    }
    if (!sent) return;
    const identifier = String(sent.user_id);
    const objectId = published.objectId(ctx, kind, sent.object_key);
    await sendDeletion(f, ctx, { identifier, objectId: objectId, at });
    // Forgotten once the Delete is queued: were it forgotten first and the queueing failed, nothing would retry it.
    await publishedRepo.deleteRecord(k, kind, id);
  }

  /** Reconciles after those already asked for the same play or list; resolves when done (never rejects: failures are logged). */
  function schedule(kind: PublishedKind, id: number): Promise<void> {
    const key = `${kind}:${id}`;
    const previous = queued.get(key) ?? Promise.resolve();
    const next = previous.then(() => reconcile(kind, id)).catch((err: unknown) => log.error({ err, kind, id }, `federation: a ${kind} could not be published`));
    queued.set(key, next);
    track(next);
    void next.finally(() => {
      if (queued.get(key) === next) queued.delete(key);
    });
    return next;
  }

  return {
    /** After a write to an entry or its plays committed: each play of it (and each sent of an entry now gone) is reconciled. */
    entryChanged(entryId: number): void {
      track(
        (async () => {
          const ids = new Set([...(await publishedRepo.playsOfEntry(k, entryId)), ...(await publishedRepo.playRecordsOfEntry(k, entryId))]);
          for (const id of ids) await schedule('play', id);
        })().catch((err: unknown) => log.error({ err, entryId }, 'federation: the plays of an entry could not be published')),
      );
    },

    /** After a write to a list committed: reconciled once it settled, or at once when it is gone or no longer public. */
    listChanged(listId: number): void {
      track(
        (async () => {
          const at = await publishedRepo.listUpdatedAt(k, listId);
          // Gone, or no longer public: its Delete needs no settling.
          if (at === undefined || !(await publishedRepo.publicList(k, listId))) await schedule('list', listId);
          else await jobs.send(FEDERATION_LIST_JOB, { listId, at }, { startAfterSeconds: listSettleSeconds });
        })().catch((err: unknown) => log.error({ err, listId }, 'federation: a list could not be published')),
      );
    },

    /** The job of a list's write: does nothing when the list was written again since (that write's job follows). */
    async listSettled({ listId, at }: { listId: number; at: number }): Promise<void> {
      const current = await publishedRepo.listUpdatedAt(k, listId);
      if (current !== undefined && current > at) return;
      await schedule('list', listId);
    },

    /** After a member's profile changed who may read it: every play and list of theirs, one at a time. */
    memberChanged(userId: number): void {
      track(
        (async () => {
          const sent = await publishedRepo.recordsOf(k, userId);
          const plays = new Set([...sent.filter((r) => r.kind === 'play').map((r) => r.subject_id), ...(await publishedRepo.playsOfMember(k, userId))]);
          const lists = new Set([...sent.filter((r) => r.kind === 'list').map((r) => r.subject_id), ...(await publishedRepo.listsOfMember(k, userId))]);
          for (const id of plays) await schedule('play', id);
          for (const id of lists) await schedule('list', id);
        })().catch((err: unknown) => log.error({ err, userId }, 'federation: a member’s plays and lists could not be published')),
      );
    },

    /** Waits for the reconciliations under way (closing, and tests). */
    async settled(): Promise<void> {
      while (underWay.size > 0) await Promise.allSettled([...underWay]);
    },
  };
}

export type ObjectPublisher = ReturnType<typeof createObjectPublisher>;
