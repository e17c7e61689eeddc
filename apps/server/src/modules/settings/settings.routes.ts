import fastifyMultipart from '@fastify/multipart';
import {
  avatarAnswerSchema,
  deleteAccountSchema,
  favouritesInputSchema,
  noContentSchema,
  ownProfileSchema,
  profileInputSchema,
  suspensionSchema,
} from '@vgl/shared/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../../http/errors.js';
import { errorResponse } from '../../http/route-conventions.js';
import { actorOf } from '../auth/auth.guard.js';
import { AVATAR_RETRY_AFTER_SECONDS } from './avatars.js';
import { SETTINGS_LIMITS, SETTINGS_MESSAGES } from './settings.schemas.js';
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
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // Reading the body fails only on what the client sent: the other multipart limits (a second file, too many
    // fields, FST_*) and bodies busboy cannot parse, which it throws without a code ("Multipart: Boundary not
    // found", "Unexpected end of multipart data").
    throw notAnImage();
  }
}

/**
 * /api/profile: the signed-in user's settings (/u/{username}/settings).
 * Multipart parsing is registered here only, so everywhere else a
 * multipart body is still refused with 415.
 */
export const settingsRoutes =
  (settings: SettingsService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: SETTINGS_LIMITS.avatarMaxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
    });
    const tags = ['profile'];

    app.get(
      '/api/profile',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'getOwnProfile',
          summary: 'Your own profile and e-mail, as the settings pages edit them',
          description: 'A suspended member can still read it.',
          tags,
          response: { 200: ownProfileSchema },
        },
      },
      async (req) => settings.settings(actorOf(req)),
    );

    app.put(
      '/api/profile',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'updateOwnProfile',
          summary: 'Change your bio',
          tags,
          body: profileInputSchema,
          response: { 200: ownProfileSchema },
        },
      },
      async (req) => settings.updateProfile(actorOf(req), req.body),
    );

    app.put(
      '/api/profile/favourites',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'setFavourites',
          summary: 'Choose your favourite games, in order',
          description: 'Replaces the whole list. Each game must already be in your library (400 names the first that is not).',
          tags,
          body: favouritesInputSchema,
          response: { 200: ownProfileSchema },
        },
      },
      async (req) => settings.setFavourites(actorOf(req), req.body.games),
    );

    app.delete(
      '/api/profile',
      {
        config: { access: 'user', sessionOnly: true, ...perMinute(5) },
        schema: {
          operationId: 'deleteAccount',
          summary: 'Delete your account and everything it made',
          description:
            'Library, reviews, diary, comments, likes, follows, notifications and personal access tokens go with it; counts on other members’ ' +
            'reviews, comments and profiles are corrected. The only admin cannot delete their account (409).',
          tags,
          body: deleteAccountSchema,
          response: { 204: noContentSchema, 409: errorResponse(409, 'You are the only admin: make someone else an admin first') },
        },
      },
      async (req, reply) => {
        await settings.deleteAccount(actorOf(req), req.body.password);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/profile/suspension',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'getOwnSuspension',
          summary: 'Whether your account is suspended, why and since when',
          tags,
          response: { 200: suspensionSchema },
        },
      },
      async (req) => settings.suspension(actorOf(req)),
    );

    app.post(
      '/api/profile/avatar',
      {
        config: { access: 'user', ...perMinute(10) },
        schema: {
          operationId: 'uploadAvatar',
          summary: 'Upload your picture',
          description:
            'A multipart/form-data body with one file field `avatar`: a PNG, JPEG, WebP or GIF image of at most 5 MB and 64 megapixels ' +
            '(32 megapixels with 16 bits per channel: at most 256 MB once decoded). It is stored as a 256×256 WebP. 400 when the file is ' +
            'missing or not such an image, 413 when it is larger than 5 MB. Pictures are converted one at a time; when many wait, 503 with Retry-After.',
          tags,
          consumes: ['multipart/form-data'],
          response: {
            200: avatarAnswerSchema,
            400: errorResponse(400, 'No file field `avatar`, or not a PNG, JPEG, WebP or GIF image, or more than 64 megapixels (256 MB decoded)'),
            413: errorResponse(413, 'The image is larger than 5 MB'),
            503: errorResponse(503, 'Too many pictures are being converted right now; Retry-After says when to try again'),
          },
        },
      },
      async (req, reply) => {
        const upload = await avatarUpload(req);
        try {
          return await settings.setAvatar(actorOf(req), upload);
        } catch (err) {
          if (err instanceof AppError && err.statusCode === 503) reply.header('retry-after', String(AVATAR_RETRY_AFTER_SECONDS));
          throw err;
        }
      },
    );

    app.delete(
      '/api/profile/avatar',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'removeAvatar',
          summary: 'Go back to the default picture',
          tags,
          response: { 200: avatarAnswerSchema },
        },
      },
      async (req) => settings.removeAvatar(actorOf(req)),
    );
  };
