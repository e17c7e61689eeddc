import { importPreviewSchema, importResultSchema, steamImportBodySchema, usernameParamSchema } from '@vgl/shared/schemas';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/database.js';
import { errorResponse } from '../../../http/route-conventions.js';
import { actorOf } from '../../auth/auth.guard.js';
import type { LibraryService } from '../../library/library.service.js';
import { IMPORT_RETRY_AFTER_SECONDS, IMPORTS_AT_ONCE, type ImportGate } from '../import.gate.js';
import { createLibraryTransfer } from '../import.js';
import { createSteamClient, steamNotSetUp, SteamUnavailable } from './steam.client.js';
import { steamLibraryFile } from './steam.library.js';
import { parseSteamProfile } from './steam.profile.js';

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

const steamAnswers = {
  429: errorResponse(429, 'Your previous import or preview is still running, or more than 10 in a minute'),
  502: errorResponse(502, 'Steam did not answer, or refused this server’s Steam Web API key'),
  503: errorResponse(
    503,
    `Steam import is not set up on this server (no STEAM_API_KEY); or Steam limits this server, or the server already runs ${IMPORTS_AT_ONCE} imports: then Retry-After says when to try again`,
  ),
};
const PROFILE_PROBLEMS =
  'The profile cannot be read (not a profile address, custom name or SteamID64), no Steam profile has that name, its game details are private, or it owns no games';
const DESCRIPTION =
  ' The owner only. The profile is https://steamcommunity.com/id/{name}, …/profiles/{SteamID64}, the custom name alone or the SteamID64; ' +
  'its “Game details” must be public. Each owned game is a row (line: its place in title order, from 1), matched by its Steam app id ' +
  'through IGDB’s external ids, else by title; never-played games come as “want to play”.';

/**
 * Importing a member's Steam library (/u/{username}/settings/data): the same
 * preview and import as a file, from the owned games the Steam Web API lists.
 */
export const steamImportRoutes =
  (deps: { library: LibraryService; db: Db; gate: ImportGate; steam: Config['steam'] }): FastifyPluginAsyncZod =>
  async (app) => {
    const { library, db, gate, steam } = deps;
    const tags = ['transfer'];
    const transfer = createLibraryTransfer(db);
    const client = steam ? createSteamClient(steam, app.log) : undefined;

    /** The member's Steam library as an import file, holding their import slot while it runs. */
    async function withSteamLibrary<T>(userId: number, profile: string, reply: FastifyReply, use: (file: ReturnType<typeof steamLibraryFile>) => Promise<T>) {
      if (!client) throw steamNotSetUp();
      const parsed = parseSteamProfile(profile);
      const release = gate.enter(userId, () => reply.header('retry-after', String(IMPORT_RETRY_AFTER_SECONDS)));
      try {
        const games = await client.ownedGames(await client.steamIdOf(parsed));
        return await use(steamLibraryFile(games));
      } catch (error) {
        if (error instanceof SteamUnavailable && error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      } finally {
        release();
      }
    }

    app.post(
      '/api/users/:username/library/import/steam/preview',
      {
        config: { access: 'user', ...perMinute(10) },
        schema: {
          operationId: 'previewSteamImport',
          summary: 'See what importing your Steam library would do, writing nothing',
          description: `Reads the profile’s owned games and playtime from Steam and matches each to a catalog game, like a file’s preview.${DESCRIPTION}`,
          tags,
          params: usernameParamSchema,
          body: steamImportBodySchema,
          response: { 200: importPreviewSchema, 400: errorResponse(400, PROFILE_PROBLEMS), ...steamAnswers },
        },
      },
      async (req, reply) => {
        const user = await library.ownerFor(actorOf(req), req.params.username, 'write');
        return withSteamLibrary(user.id, req.body.profile, reply, (file) => transfer.previewFile(file, { picks: req.body.picks }));
      },
    );

    app.post(
      '/api/users/:username/library/import/steam',
      {
        config: { access: 'user', ...perMinute(10) },
        schema: {
          operationId: 'importSteamLibrary',
          summary: 'Import your Steam library: owned games and playtime',
          description:
            `Reads the profile like the preview and adds each matched game as owned, with Steam’s playtime.${DESCRIPTION} ` +
            'Importing again brings the playtime (and ownership) up to date and never changes your own status, rating or review.',
          tags,
          params: usernameParamSchema,
          body: steamImportBodySchema,
          response: {
            200: importResultSchema,
            400: errorResponse(400, `Nothing was imported: ${PROFILE_PROBLEMS}; or a game picked in the preview is not in the catalog`),
            ...steamAnswers,
          },
        },
      },
      async (req, reply) => {
        const user = await library.ownerFor(actorOf(req), req.params.username, 'write');
        const { profile, picks, skipInvalid } = req.body;
        const result = await withSteamLibrary(user.id, profile, reply, (file) => transfer.applyFile(user.id, file, { picks, skipInvalid }));
        // Explore's first steps count a library brought in.
        await db.kysely.updateTable('users').set({ imported_at: Date.now() }).where('id', '=', user.id).execute();
        return result;
      },
    );
  };
