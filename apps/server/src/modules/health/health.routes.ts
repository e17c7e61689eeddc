import { healthSchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDb, type Db } from '../../db/database.js';

const unavailableSchema = z.object({ error: z.literal('database_unavailable'), message: z.string(), statusCode: z.literal(503) });

export const healthRoutes =
  (db: Db, version: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      { schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: healthSchema, 503: unavailableSchema } } },
      async (request, reply) => {
        try {
          await pingDb(db);
        } catch (err) {
          request.log.error({ err }, 'health check: database unreachable');
          return reply
            .status(503)
            .send({ error: 'database_unavailable' as const, message: 'The database is not reachable.', statusCode: 503 as const });
        }
        return { status: 'ok' as const, database: db.dialect, version, uptimeSeconds: Math.round(process.uptime()) };
      },
    );
  };
