import type { FastifyInstance } from 'fastify';

/**
 * One line per answered request (method, URL, status, time), for the share
 * of requests ACCESS_LOG asks for: Fastify's own two lines a request cost
 * more than a cached answer does. Server errors are always logged.
 */
export function registerAccessLog(app: FastifyInstance, sample: number): void {
  if (sample <= 0) {
    app.addHook('onResponse', (request, reply, done) => {
      if (reply.statusCode >= 500) request.log.info({ method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime }, 'request completed');
      done();
    });
    return;
  }
  app.addHook('onResponse', (request, reply, done) => {
    if (sample >= 1 || reply.statusCode >= 500 || Math.random() < sample) {
      request.log.info({ method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime }, 'request completed');
    }
    done();
  });
}
