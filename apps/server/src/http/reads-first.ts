import type { FastifyInstance } from 'fastify';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Within one turn of the event loop, the reads it brought are answered
 * before its writes begin (a write waits for setImmediate, the same turn's
 * check phase). With SQLite every request runs to its end before the next is
 * read, so reads and writes used to alternate: each write made the kept
 * answers (response cache, home feed) out of date for the very next read,
 * and under a mixed load nearly every read was made again. Now the reads of
 * one turn share what is kept, and the writes that follow invalidate it once.
 * Nobody sees older data than before: each read still began before those
 * writes were answered.
 */
export function registerReadsFirst(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (READS.has(request.method)) done();
    else setImmediate(done);
  });
}
