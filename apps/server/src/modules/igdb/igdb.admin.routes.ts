import { adminCatalogSchema, catalogSyncStateSchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../http/route-conventions.js';
import { actorOf } from '../auth/auth.guard.js';
import type { CatalogAdminService } from './igdb.admin.service.js';

/**
 * The dashboard's Catalog page, /api/admin/catalog*: admins only (401
 * without a token, 403 for everyone else), like changing roles.
 */
export const catalogAdminRoutes =
  (catalog: CatalogAdminService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['admin'];
    const admin = { access: 'admin' } as const;
    app.addHook('onClose', () => catalog.close());

    app.get(
      '/api/admin/catalog',
      {
        config: admin,
        schema: {
          operationId: 'getAdminCatalog',
          summary: 'The catalog’s source, counts and IGDB sync (admins only)',
          description:
            'The sync is the same for every process on this database (the server’s schedule, `npm run vgl -- catalog:sync`, other instances): the run under way with its progress, the last run that finished, the last error and the next scheduled run.',
          tags,
          response: { 200: adminCatalogSchema },
        },
      },
      async () => catalog.overview(),
    );

    app.post(
      '/api/admin/catalog/sync',
      {
        config: admin,
        schema: {
          operationId: 'startCatalogSync',
          summary: 'Sync the catalog from IGDB or Wikidata now (admins only)',
          description:
            'Starts a run in the background (a full crawl until one has completed, then what changed since) and answers at once with the sync’s state; GET /api/admin/catalog follows its progress. One run of each source at a time across all processes. Without a body: IGDB when configured, else Wikidata.',
          tags,
          body: z
            .object({ source: z.enum(['igdb', 'wikidata']).optional().describe('Which source to sync; IGDB when configured, else Wikidata') })
            .optional(),
          response: {
            202: catalogSyncStateSchema,
            409: errorResponse(409, 'A sync of that source is already running (`sync_running`), IGDB is not configured (`igdb_not_configured`), or the Wikidata sync is off (`wikidata_off`)'),
          },
        },
      },
      async (req, reply) => reply.code(202).send(await catalog.syncNow(actorOf(req), req.body?.source)),
    );
  };
