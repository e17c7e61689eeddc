import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../http/errors.js';
import { parseInput } from '../../http/parse.js';
import { actorOf, requireUser } from '../auth/auth.guard.js';
import type { AuthService } from '../auth/auth.service.js';
import { SETTINGS_LIMITS, SETTINGS_MESSAGES, deleteAccountSchema, favouritesInputSchema, profileInputSchema } from './settings.schemas.js';
import type { SettingsService } from './settings.service.js';

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
const notAnImage = () => badRequest(SETTINGS_MESSAGES.avatarNotImage, { avatar: SETTINGS_MESSAGES.avatarNotImage });
const tooLarge = () => new AppError(413, 'payload_too_large', SETTINGS_MESSAGES.avatarTooLarge, { avatar: SETTINGS_MESSAGES.avatarTooLarge });

/** The bytes of the one file field "avatar" of a multipart/form-data request, held to 5 MB. */
async function avatarUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw notAnImage();
  try {
    const part = await req.file();
    if (!part) throw notAnImage();
    if (part.fieldname !== 'avatar') {
      part.file.resume();
      throw notAnImage();
    }
    const bytes = await part.toBuffer();
    // toBuffer can miss the limit when it is hit on the last chunk of a streamed body; busboy's flag does not.
    if (part.file.truncated) throw tooLarge();
    return bytes;
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // Other multipart limits (a second file, too many fields) and malformed bodies.
    if (code?.startsWith('FST_')) throw notAnImage();
    throw err;
  }
}

/**
 * /api/profile: the signed-in user's settings (/u/{username}/settings).
 * Multipart parsing is registered here only, so everywhere else a
 * multipart body is still refused with 415.
 */
export const settingsRoutes =
  (auth: AuthService, settings: SettingsService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: SETTINGS_LIMITS.avatarMaxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
    });
    const tags = ['profile'];
    const signedIn = { preHandler: requireUser(auth) };
    const avatarAnswer = { 200: z.object({ avatar: z.string().nullable() }) };

    app.get('/api/profile', { ...signedIn, schema: { tags } }, async (req) => settings.settings(actorOf(req)));

    app.put('/api/profile', { ...signedIn, schema: { tags } }, async (req) =>
      settings.updateProfile(actorOf(req), parseInput(profileInputSchema, req.body)),
    );

    app.put('/api/profile/favourites', { ...signedIn, schema: { tags } }, async (req) =>
      settings.setFavourites(actorOf(req), parseInput(favouritesInputSchema, req.body).games),
    );

    app.delete('/api/profile', { ...signedIn, config: perMinute(5), schema: { tags } }, async (req, reply) => {
      await settings.deleteAccount(actorOf(req), parseInput(deleteAccountSchema, req.body).password);
      return reply.code(204).send();
    });

    app.get(
      '/api/profile/suspension',
      { ...signedIn, schema: { tags, response: { 200: z.object({ suspended: z.boolean(), reason: z.string().nullable(), suspendedAt: z.number().nullable() }) } } },
      async (req) => settings.suspension(actorOf(req)),
    );

    app.post('/api/profile/avatar', { ...signedIn, config: perMinute(10), schema: { tags, consumes: ['multipart/form-data'], response: avatarAnswer } }, async (req) =>
      settings.setAvatar(actorOf(req), await avatarUpload(req)),
    );

    app.delete('/api/profile/avatar', { ...signedIn, schema: { tags, response: avatarAnswer } }, async (req) => settings.removeAvatar(actorOf(req)));
  };
