import fastifyCors from '@fastify/cors';
import { TOTAL_COUNT_HEADER } from '@vgl/shared';
import type { FastifyInstance } from 'fastify';

/** Headers a third-party browser client needs to read from our answers. */
const EXPOSED_HEADERS = [TOTAL_COUNT_HEADER, 'X-Next-Cursor', 'X-Unread-Count', 'Retry-After'];

/**
 * CORS for third-party browser clients (API_CORS_ORIGINS), on /api only.
 * Off unless configured: the web app is same-origin and needs none. Calls
 * carry a Bearer token, never cookies, so credentials stay off and `*` is
 * safe to allow.
 */
export async function registerCors(app: FastifyInstance, origins: string[]): Promise<void> {
  const allowed = origins.includes('*') ? '*' : origins;
  await app.register(fastifyCors, {
    delegator: (request, callback) => {
      const isApi = (request.url ?? '').startsWith('/api/');
      callback(null, {
        origin: isApi ? allowed : false,
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
        allowedHeaders: ['Authorization', 'Content-Type'],
        exposedHeaders: EXPOSED_HEADERS,
        credentials: false,
        maxAge: 600,
      });
    },
  });
}
