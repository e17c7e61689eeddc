import { LIBRARY_LIMITS } from '@vgl/shared';
import type { LIBRARY_IMPORT_FORMATS } from '@vgl/shared/schemas';
import { importPreviewSchema, importResultSchema, libraryImportBodySchema, usernameParamSchema } from '@vgl/shared/schemas';
import type { FastifyReply, FastifySchemaCompiler } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { badRequest } from '../../http/errors.js';
import { errorResponse } from '../../http/route-conventions.js';
import { validatorCompiler } from '../../http/schema-compilers.js';
import { actorOf } from '../auth/auth.guard.js';
import { exportLibraryCsv } from './library.export.js';
import type { ImportFormat } from './library.import.formats.js';
import { createLibraryTransfer } from './library.import.js';
import type { LibraryService } from './library.service.js';

// The body schema's formats are the readers' formats, in both directions.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameFormats: Same<ImportFormat, (typeof LIBRARY_IMPORT_FORMATS)[number]> = true;
void sameFormats;

/**
 * The app refuses U+0000 in every text field (PostgreSQL cannot store it).
 * In an import's `csv` it means the file is binary, which is said in the
 * reader's own words (library.import.file), not as a stray character.
 */
const BINARY_FILE = 'This is not a CSV file: it contains binary data.';
const importValidator: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as FastifyRouteSchemaDef<z.ZodType>);
  if (route.httpPart !== 'body') return validate;
  return (data) => {
    const csv = typeof data === 'object' && data !== null ? (data as { csv?: unknown }).csv : undefined;
    return typeof csv === 'string' && csv.includes('\u0000') ? { error: badRequest(BINARY_FILE, { csv: BINARY_FILE }) } : validate(data);
  };
};

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
const MB = 1024 * 1024;
const FILE_LIMIT = `${LIBRARY_LIMITS.importMaxBytes / MB} MB and ${LIBRARY_LIMITS.importMaxRows.toLocaleString('en-US')} rows`;
/** JSON escaping can double a CSV's size, so the import routes accept bodies of twice the file limit; the file itself is held to the limit. */
const IMPORT_BODY_LIMIT = LIBRARY_LIMITS.importMaxBytes * 2 + 64 * 1024;
const tooLarge = errorResponse(413, `The JSON body is larger than ${Math.ceil(IMPORT_BODY_LIMIT / MB)} MB (the file itself may have at most ${FILE_LIMIT})`);

/**
 * Export and import of a library (/u/{username}/settings/data): the owner
 * only. The file travels as text in a JSON body ({ csv, format }).
 */
export const libraryTransferRoutes =
  (library: LibraryService, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['transfer'];
    const transfer = createLibraryTransfer(db);

    app.get(
      '/api/users/:username/library/export',
      {
        config: { access: 'user', ...perMinute(10) },
        schema: {
          operationId: 'exportLibrary',
          summary: 'Download your library and diary as CSV',
          description:
            'The owner only. VGL CSV (RFC 4180, UTF-8 without a BOM, CRLF): a header, then each library entry followed by its diary ' +
            'entries (`record_type` library or diary). Sent as an attachment named vgl-{username}-{YYYY-MM-DD}.csv; it imports back unchanged.',
          tags,
          params: usernameParamSchema,
          response: {
            200: {
              description: 'The library as a CSV file',
              content: { 'text/csv': { schema: z.string().describe('VGL CSV text') } },
            },
          },
        },
      },
      async (req, reply) => {
        const user = await library.ownerFor(actorOf(req), req.params.username, 'write');
        const today = new Date().toISOString().slice(0, 10);
        // The documented text/csv string, streamed a page at a time (Fastify sends a stream as it is).
        return (reply as FastifyReply)
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="vgl-${user.username}-${today}.csv"`)
          .header('cache-control', 'no-store')
          .send(exportLibraryCsv(db.kysely, user.id));
      },
    );

    app.post(
      '/api/users/:username/library/import/preview',
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        validatorCompiler: importValidator,
        config: { access: 'user', ...perMinute(20) },
        schema: {
          operationId: 'previewLibraryImport',
          summary: 'See what importing a CSV file would do, writing nothing',
          description:
            `The owner only. Reads a VGL, HowLongToBeat or Grouvee export (at most ${FILE_LIMIT}) and matches each row to a catalog game. ` +
            'Rows that cannot be imported are listed in `errors` with their line; a file that cannot be read at all is a 400.',
          tags,
          params: usernameParamSchema,
          body: libraryImportBodySchema,
          response: {
            200: importPreviewSchema,
            400: errorResponse(400, 'The file cannot be read: no file, empty, not CSV, too large, too many rows, unknown columns or not the format asked for'),
            413: tooLarge,
          },
        },
      },
      async (req) => {
        await library.ownerFor(actorOf(req), req.params.username, 'write');
        return transfer.preview(req.body);
      },
    );

    app.post(
      '/api/users/:username/library/import',
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        validatorCompiler: importValidator,
        config: { access: 'user', ...perMinute(20) },
        schema: {
          operationId: 'importLibrary',
          summary: 'Import a CSV file into your library and diary',
          description:
            `The owner only. Reads the file like the preview and applies every matched row in one transaction (at most ${FILE_LIMIT}). ` +
            'Empty cells keep what the library holds; diary rows already in the diary are skipped, so importing a file twice changes nothing. ' +
            'Any invalid row makes it a 400 that writes nothing.',
          tags,
          params: usernameParamSchema,
          body: libraryImportBodySchema,
          response: {
            200: importResultSchema,
            400: errorResponse(
              400,
              'Nothing was imported. Either the file cannot be read (as for the preview), or rows have problems: then `message` names the first ' +
                'and `errors` maps each bad line number ("4") to its problem (at most 500)',
            ),
            413: tooLarge,
          },
        },
      },
      async (req) => {
        const user = await library.ownerFor(actorOf(req), req.params.username, 'write');
        return transfer.run(user.id, req.body);
      },
    );
  };
