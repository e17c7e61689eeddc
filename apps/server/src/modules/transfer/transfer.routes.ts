import { LIBRARY_LIMITS, LIBRARY_MESSAGES } from '@vgl/shared';
import type { LIBRARY_IMPORT_FORMATS } from '@vgl/shared/schemas';
import { importPreviewSchema, importResultSchema, libraryImportBodySchema, usernameParamSchema } from '@vgl/shared/schemas';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest, FastifySchemaCompiler, preParsingHookHandler } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { badRequest } from '../../http/errors.js';
import { gzipBody } from '../../http/request-encoding.js';
import { errorResponse } from '../../http/route-conventions.js';
import { validatorCompiler } from '../../http/schema-compilers.js';
import { actorOf } from '../auth/auth.guard.js';
import { exportLibraryCsv } from './transfer.export.js';
import type { ImportFormat } from './import.formats.js';
import { parseImportBody, readBody } from './import.body.js';
import { createImportGate, IMPORT_RETRY_AFTER_SECONDS, IMPORTS_AT_ONCE, type ImportGate } from './import.gate.js';
import { createLibraryTransfer } from './import.js';
import type { LibraryService } from '../library/library.service.js';

// The body schema's formats are the readers' formats, in both directions.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameFormats: Same<ImportFormat, (typeof LIBRARY_IMPORT_FORMATS)[number]> = true;
void sameFormats;

/**
 * The app refuses U+0000 in every text field (PostgreSQL cannot store it).
 * In an import's `csv` it means the file is binary, which is said in the
 * reader's own words (import.file), not as a stray character.
 */
const BINARY_FILE = LIBRARY_MESSAGES.importBinary;
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
const tooLarge = errorResponse(
  413,
  `The JSON body is larger than ${Math.ceil(IMPORT_BODY_LIMIT / MB)} MB, also once a gzip body is decompressed (the file itself may have at most ${FILE_LIMIT})`,
);
const importAnswers = {
  415: errorResponse(415, 'The body is not JSON, or is compressed with something other than gzip'),
  429: errorResponse(429, `Your previous import or preview is still running (${LIBRARY_MESSAGES.importRunning}), or more than 20 in a minute`),
  503: errorResponse(503, `The server already runs ${IMPORTS_AT_ONCE} imports; Retry-After says when to try again`),
};
const BODY_DESCRIPTION =
  ' The body may be gzip-compressed (Content-Encoding: gzip). One import or preview runs at a time per member (a second is a 429) ' +
  `and at most ${IMPORTS_AT_ONCE} on the server (503 with Retry-After); the file is read in slices, so other requests are answered meanwhile.`;

/**
 * Export and import of a library (/u/{username}/settings/data): the owner
 * only. The file travels as text in a JSON body ({ csv, format }).
 */
export const libraryTransferRoutes =
  (library: LibraryService, db: Db, gate: ImportGate = createImportGate()): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['transfer'];
    const transfer = createLibraryTransfer(db);

    // These routes' JSON is a whole file: parsed off the event loop when large (import.body.ts).
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', async (req: FastifyRequest, payload: Readable) => {
      const declared = req.headers['content-encoding'] ? undefined : Number(req.headers['content-length'] ?? Number.NaN);
      return parseImportBody(await readBody(payload, IMPORT_BODY_LIMIT, Number.isInteger(declared) ? declared : undefined));
    });

    /**
     * Takes the member's import slot before the body is read, so a second
     * import is refused before its file is uploaded and the server never
     * holds more than IMPORTS_AT_ONCE files; the slot is let go when the
     * answer is sent or the client goes away.
     */
    const oneImportAtATime: preParsingHookHandler = async (req, reply, payload) => {
      const release = gate.enter(actorOf(req).id, () => reply.header('retry-after', String(IMPORT_RETRY_AFTER_SECONDS)));
      reply.raw.once('close', release);
      return payload;
    };
    const importRoute = {
      bodyLimit: IMPORT_BODY_LIMIT,
      validatorCompiler: importValidator,
      preParsing: oneImportAtATime,
      decompress: gzipBody.decompress,
    };

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
        ...importRoute,
        config: { access: 'user', ...perMinute(20), ...gzipBody.config },
        schema: {
          operationId: 'previewLibraryImport',
          summary: 'See what importing a CSV file would do, writing nothing',
          description:
            `The owner only. Reads a VGL, HowLongToBeat, Grouvee (CSV or JSON), Backloggd, Letterboxd-style, Playnite or Steam (GetOwnedGames JSON) export (at most ${FILE_LIMIT}) ` +
            'and matches each row to a catalog game: an id in the file first (IGDB, Steam), then title and year (within a year, or a few on the same platform), ' +
            'platforms breaking ties. A row whose year is far from the catalog game’s, or whose title several games share, is `flag`ged with a `suggestion` ' +
            'and left out unless `picks` names its game. Rows that cannot be imported are listed in `errors` with their line; a file that cannot be read at all is a 400.' +
            BODY_DESCRIPTION,
          tags,
          params: usernameParamSchema,
          body: libraryImportBodySchema,
          response: {
            200: importPreviewSchema,
            400: errorResponse(400, 'The file cannot be read: no file, empty, not CSV, too large, too many rows, unknown columns or not the format asked for'),
            413: tooLarge,
            ...importAnswers,
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
        ...importRoute,
        config: { access: 'user', ...perMinute(20), ...gzipBody.config },
        schema: {
          operationId: 'importLibrary',
          summary: 'Import a CSV file into your library and diary',
          description:
            `The owner only. Reads the file like the preview and applies every matched row (at most ${FILE_LIMIT}), a few hundred games per ` +
            'transaction, so a large import never keeps others from the database; an import that stops midway is completed by importing the file again. ' +
            'Empty cells keep what the library holds; diary rows already in the diary are skipped, so importing a file twice changes nothing. ' +
            '`picks` from the preview overrule matching line by line (a game, or null to leave the line out). Any invalid row makes it a 400 that writes ' +
            'nothing, unless `skipInvalid` is true: then the readable rows are imported and `notImported` says which lines were left out and why.' +
            BODY_DESCRIPTION,
          tags,
          params: usernameParamSchema,
          body: libraryImportBodySchema,
          response: {
            200: importResultSchema,
            400: errorResponse(
              400,
              'Nothing was imported. Either the file cannot be read (as for the preview), or rows have problems (and `skipInvalid` is not set): then ' +
                '`message` names the first and `errors` maps each bad line number ("4") to its problem (at most 500)',
            ),
            413: tooLarge,
            ...importAnswers,
          },
        },
      },
      async (req) => {
        const user = await library.ownerFor(actorOf(req), req.params.username, 'write');
        const result = await transfer.run(user.id, req.body);
        // Explore's first steps count a file brought in.
        await db.kysely.updateTable('users').set({ imported_at: Date.now() }).where('id', '=', user.id).execute();
        return result;
      },
    );
  };
