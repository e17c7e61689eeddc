import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * One line per answered request (method, URL, status, time), for the share
 * of requests ACCESS_LOG asks for: Fastify's own two lines a request cost
 * more than a cached answer does. Server errors are always logged.
 */
export function registerAccessLog(app: FastifyInstance, sample: number): void {
  // The client is the socket's peer, or the X-Forwarded-For address a TRUST_PROXY proxy vouches for; the request
  // id rides on every line of the request's logger (reqId).
  const log = (request: FastifyRequest, reply: FastifyReply) =>
    request.log.info({ method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime, client: request.ip }, 'request completed');
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode >= 500 || (sample > 0 && (sample >= 1 || Math.random() < sample))) log(request, reply);
    done();
  });
}
