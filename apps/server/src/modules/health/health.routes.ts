import { healthSchema, livenessSchema, readinessSchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDb, type Db } from '../../db/database.js';
import { errorResponse } from '../../http/route-conventions.js';
import { checkReadiness } from './health.readiness.js';

export const healthRoutes =
  (db: Db, { version, commit }: { version: string; commit: string | null }): FastifyPluginAsyncZod =>
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
          // Logged once per episode by the fault watch when it is a database fault.
          if (!db.faults.notice(err)) request.log.error({ err }, 'health check: database unreachable');
          return reply.status(503).header('retry-after', '5').send({ error: 'database_unavailable', message: 'The database is not reachable.', statusCode: 503 });
        }
        return { status: 'ok' as const, database: db.dialect, version, commit, uptimeSeconds: Math.round(process.uptime()) };
      },
    );

    app.get(
      '/api/health/live',
      {
        schema: {
          operationId: 'getLiveness',
          summary: 'Liveness: the process runs',
          description: 'For an orchestrator’s liveness probe: 200 while the process answers at all. It does not ask the database, so a database outage does not get healthy instances restarted.',
          tags: ['health'],
          response: { 200: livenessSchema },
        },
      },
      async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
    );

    app.get(
      '/api/health/ready',
      {
        schema: {
          operationId: 'getReadiness',
          summary: 'Readiness: this instance can serve',
          description:
            'For a load balancer: 200 when the database answers within 1 s, has every migration of this version and can be written to. An instance listens once its migrations are done; a first start on an empty database then loads the embedded catalog while it serves pages, and is not ready until it has. 503 with the reason otherwise: `error` is "database_unavailable", "database_slow", "database_busy", "database_readonly", "migrations_pending", "catalog_loading", "storage_full", "storage_readonly" or "storage_error" (the disk under the database or, on SQLite, its file). It becomes ready again by itself once the cause is gone.',
          tags: ['health'],
          response: { 200: readinessSchema, 503: errorResponse(503, 'Not ready: `error` and `message` say why') },
        },
      },
      async (request, reply) => {
        const result = await checkReadiness(db);
        if (result.ready) return { status: 'ready' as const, database: db.dialect, schema: result.schema };
        // A database fault is logged once per episode by the fault watch; a line per poll of the load balancer would drown it.
        if (!(db.faults.open as string[]).includes(result.error)) request.log.warn({ err: result.cause, reason: result.error }, 'readiness check failed');
        return reply.status(503).send({ error: result.error, message: result.message, statusCode: 503 });
      },
    );
  };
