import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChangeFeed } from './change-feed.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Over a socket, not Fastify's inject (tests, in-process callers), whose next request may follow in the same turn. */
const cameOverTheNetwork = (request: FastifyRequest) => request.raw.socket instanceof net.Socket;

/**
 * Tells the change feed (http/change-feed.ts) of every write that succeeded —
 * what the response cache's versions and the home feed are kept by — once
 * the turn of the event loop that answered it ends, not at once.
 *
 * Every request a turn serves came in before that turn began: the requests
 * of one poll phase are the bytes the kernel held when it started. So none of
 * them can be a client's reaction to a write answered in that same turn; a
 * read served after such a write is its contemporary, and may show the data
 * as it was before it. Every request that comes in a later turn sees the
 * write: the announcement runs in this turn's check phase, before the next
 * poll. Requests are served in the order they came, and the reads of a busy
 * turn share what is kept however many writes are among them. (Before,
 * reads-first answered a turn's reads before its writes for the same reason,
 * so a member whose read was followed by a write waited nearly two turns:
 * under bench:soak's closed loop the slowest answers were all writes.)
 *
 * Requests made in the same process (inject) announce their writes at once,
 * as do writes answered when no turn is open (on PostgreSQL an answer can
 * come in any phase): then nothing is held back.
 */
export function registerWriteAnnouncements(app: FastifyInstance, changes: Pick<ChangeFeed, 'wrote'>): void {
  let turnOpen = false;
  let held = 0;
  const endTurn = () => {
    turnOpen = false;
    if (held === 0) return;
    held = 0;
    // One announcement covers all of them: the feed keeps versions, not counts.
    changes.wrote();
  };

  app.addHook('onRequest', (request, _reply, done) => {
    if (!turnOpen && cameOverTheNetwork(request)) {
      turnOpen = true;
      setImmediate(endTurn);
    }
    done();
  });

  app.addHook('onResponse', (request, reply, done) => {
    if (!READS.has(request.method) && reply.statusCode < 400) {
      if (turnOpen && cameOverTheNetwork(request)) held += 1;
      else changes.wrote();
    }
    done();
  });
}
