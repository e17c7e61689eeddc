import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { idempotencyRepo, type KeyRef } from './idempotency.repo.js';
import { fingerprintOf, keyInProgress, keyReused, readKey, REPLAYED_HEADER, takesKey, worthKeeping, IDEMPOTENCY_HEADER } from './idempotency.policy.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed; its answer is kept for the repeats. */
    idempotencyKey: KeyRef | null;
  }
}

/** Expired answers are deleted on a write, at most this often per process. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Idempotency-Key on members' API writes (IETF httpapi draft
 * "The Idempotency-Key HTTP Header Field"). The first request with a key
 * claims it and its answer is kept for 24 h; a repeat with the same request
 * gets that answer again (with Idempotent-Replayed: true), one with another
 * request 422, one while the first runs 409. Registered once, before the
 * routes and before compression (it keeps the body as serialized).
 *
 * preHandler: after the access guards (the member is known) and the body's
 * validation (a bad body is a 400 that needs no key kept).
 */
export function registerIdempotency(app: FastifyInstance, db: Db, now: () => number = Date.now): void {
  let prunedAt = 0;
  app.decorateRequest('idempotencyKey', null);

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!takesKey(request)) return;
    const ref = { userId: request.actor!.id, key: readKey(request.headers[IDEMPOTENCY_HEADER]) };
    const fingerprint = fingerprintOf(request);
    const at = now();
    const claim = await idempotencyRepo.claim(db.kysely, ref, fingerprint, at);
    if (claim.claimed) {
      request.idempotencyKey = ref;
      if (at - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = at;
        await idempotencyRepo.prune(db.kysely, at);
      }
      return;
    }
    const { row } = claim;
    if (row.fingerprint !== fingerprint) throw keyReused();
    if (row.status_code === null) throw keyInProgress();
    reply.header(REPLAYED_HEADER, 'true').code(row.status_code);
    if (row.content_type) reply.type(row.content_type);
    return reply.send(row.response_body ?? undefined);
  });

  // Runs on every answer, and almost none claimed a key: those pass straight through (no promise made for them).
  app.addHook('onSend', (request, reply, payload, done) => {
    const ref = request.idempotencyKey;
    if (!ref) return done(null, payload);
    request.idempotencyKey = null;
    finish(ref, reply, payload).then((kept) => done(null, kept), done);
  });

  async function finish(ref: KeyRef, reply: FastifyReply, payload: unknown) {
    const keepable = payload === null || payload === undefined || typeof payload === 'string' || Buffer.isBuffer(payload);
    if (!worthKeeping(reply.statusCode) || !keepable) {
      await idempotencyRepo.release(db.kysely, ref);
      return payload;
    }
    const body = payload === null || payload === undefined ? null : typeof payload === 'string' ? payload : payload.toString('utf8');
    const contentType = reply.getHeader('content-type');
    await idempotencyRepo.finish(db.kysely, ref, { statusCode: reply.statusCode, body: body === '' ? null : body, contentType: typeof contentType === 'string' ? contentType : null });
    return payload;
  }
}
