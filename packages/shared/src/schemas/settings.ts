import { z } from 'zod';
import { hasVisibleText } from '../text-rules.js';
import { LIBRARY_LIMITS } from '../library.js';
import { MESSAGES } from '../messages.js';
import { SETTINGS_LIMITS, SETTINGS_MESSAGES } from '../settings.js';
import { named } from './common.js';
import { entryGameSchema } from './library-responses.js';

/** The signed-in member's own profile and account (/api/profile, /u/{username}/settings). */

/** PUT /api/profile: the bio, trimmed; empty means none. Shown with the review text rules (SPEC §5). */
export const profileInputSchema = z
  .object({
    bio: z
      .string({ error: 'Bio must be text' })
      .trim()
      .max(SETTINGS_LIMITS.bioMaxLength, SETTINGS_MESSAGES.bioTooLong)
      .nullable()
      .default(null)
      .transform((value) => (value && hasVisibleText(value) ? value : null))
      .describe(`At most ${SETTINGS_LIMITS.bioMaxLength} characters; empty or null removes it`),
  })
  .meta({ examples: [{ bio: 'Platformers and long RPGs. Currently: Hades.' }] });

/** PUT /api/profile/favourites: game slugs in the order they are shown. */
export const favouritesInputSchema = z
  .object({
    games: z
      .array(z.string({ error: SETTINGS_MESSAGES.favouritesList }).trim().toLowerCase().min(1, SETTINGS_MESSAGES.favouritesList).max(200), {
        error: SETTINGS_MESSAGES.favouritesList,
      })
      .max(LIBRARY_LIMITS.favourites, SETTINGS_MESSAGES.tooManyFavourites)
      .refine((games) => new Set(games).size === games.length, SETTINGS_MESSAGES.favouriteTwice)
      .describe(`Slugs of games already in your library, in the order the profile shows them (at most ${LIBRARY_LIMITS.favourites}); [] clears them`),
  })
  .meta({ examples: [{ games: ['celeste', 'hades'] }] });

/** DELETE /api/profile: the password confirms it is really the owner. */
export const deleteAccountSchema = z.object({
  password: z.string({ error: MESSAGES.validation.password.required }).min(1, MESSAGES.validation.password.required),
});

/** GET /api/profile: what the settings pages edit, for the signed-in member only (it carries the e-mail). */
export const ownProfileSchema = named(
  'OwnProfile',
  z.object({
    username: z.string(),
    email: z.string(),
    bio: z.string().nullable(),
    avatar: z.string().nullable().describe('File name of the picture, or null for the default'),
    favourites: z.array(entryGameSchema).describe('In the order the profile shows them'),
  }),
);

/** GET /api/profile/suspension: what the suspended page (SPEC §4) tells its member. */
export const suspensionSchema = named(
  'Suspension',
  z.object({
    suspended: z.boolean(),
    reason: z.string().nullable().describe('Why, while suspended; null otherwise'),
    suspendedAt: z.number().nullable().describe('Unix ms, while suspended; null otherwise'),
  }),
);

/** POST and DELETE /api/profile/avatar: the picture now. */
export const avatarAnswerSchema = named(
  'Avatar',
  z.object({ avatar: z.string().nullable().describe('File name of the new picture (a 256×256 WebP), or null for the default') }),
);

/** GET /api/profile/avatar/: the nav's picture, and whether the account is suspended now (newer than the token may say). */
export const navAvatarSchema = named(
  'NavAvatar',
  z.object({
    avatar: z.string().nullable().describe('File name of the picture, or null for the default'),
    isSuspended: z.boolean().describe('True when the account is suspended, even if the token was issued before'),
  }),
);
