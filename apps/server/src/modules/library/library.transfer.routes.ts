import { LIBRARY_LIMITS } from '@vgl/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { parseInput } from '../../http/parse.js';
import { requireUser } from '../auth/auth.guard.js';
import type { AuthService } from '../auth/auth.service.js';
import { exportLibraryCsv } from './library.export.js';
import { IMPORT_FORMATS } from './library.import.formats.js';
import { createLibraryTransfer } from './library.import.js';
import type { LibraryService } from './library.service.js';

const userParam = z.object({ username: z.string().max(40) });

/** POST …/library/import and …/import/preview: the file's text in JSON, and which export it is. */
const importBodySchema = z.object({
  csv: z.string({ error: 'Choose a CSV file to import' }),
  format: z.enum(['auto', ...IMPORT_FORMATS], { error: `format must be auto, ${IMPORT_FORMATS.join(', ')}` }).default('auto'),
});

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/**
 * Export and import of a library (/u/{username}/settings/data): the owner
 * only. JSON escaping can double a CSV's size, so the import routes accept
 * bodies of twice the file limit; the file itself is held to the limit.
 */
export const libraryTransferRoutes =
  (auth: AuthService, library: LibraryService, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['library'];
    const transfer = createLibraryTransfer(db);
    const owner = { preHandler: requireUser(auth) };
    const importRoute = { ...owner, bodyLimit: LIBRARY_LIMITS.importMaxBytes * 2 + 64 * 1024, config: perMinute(20), schema: { tags, params: userParam } };

    app.get('/api/users/:username/library/export', { ...owner, config: perMinute(10), schema: { tags, params: userParam } }, async (req, reply) => {
      const user = await library.ownerFor(req.actor, req.params.username, 'write');
      const today = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="vgl-${user.username}-${today}.csv"`)
        .header('cache-control', 'no-store')
        .send(exportLibraryCsv(db.kysely, user.id));
    });

    app.post('/api/users/:username/library/import/preview', importRoute, async (req) => {
      await library.ownerFor(req.actor, req.params.username, 'write');
      return transfer.preview(parseInput(importBodySchema, req.body));
    });

    app.post('/api/users/:username/library/import', importRoute, async (req) => {
      const user = await library.ownerFor(req.actor, req.params.username, 'write');
      return transfer.run(user.id, parseInput(importBodySchema, req.body));
    });
  };
