import { healthSchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDb, type Db } from '../../db/database.js';
import { errorResponse } from '../../http/route-conventions.js';

export const healthRoutes =
  (db: Db, version: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          operationId: 'getHealth',
          summary: 'Liveness and database check',
          description: 'For load balancers and monitors: 200 when the server runs and its database answers, 503 when the database does not.',
          tags: ['health'],
          response: { 200: healthSchema, 503: errorResponse(503, 'The database is not reachable (`error` is "database_unavailable")') },
        },
      },
      async (request, reply) => {
        try {
          await pingDb(db);
        } catch (err) {
          request.log.error({ err }, 'health check: database unreachable');
          return reply.status(503).send({ error: 'database_unavailable', message: 'The database is not reachable.', statusCode: 503 });
        }
        return { status: 'ok' as const, database: db.dialect, version, uptimeSeconds: Math.round(process.uptime()) };
      },
    );
  };
