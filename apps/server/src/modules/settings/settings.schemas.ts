import { LIBRARY_LIMITS, MESSAGES, SETTINGS_LIMITS, SETTINGS_MESSAGES } from '@vgl/shared';
import { z } from 'zod';

export { SETTINGS_LIMITS, SETTINGS_MESSAGES };

/** PUT /api/profile: the bio, trimmed; empty means none. Shown with the review text rules (SPEC §5). */
export const profileInputSchema = z.object({
  bio: z
    .string({ error: 'Bio must be text' })
    .trim()
    .max(SETTINGS_LIMITS.bioMaxLength, SETTINGS_MESSAGES.bioTooLong)
    .nullable()
    .default(null)
    .transform((value) => (value ? value : null)),
});

/** PUT /api/profile/favourites: game slugs in the order they are shown. */
export const favouritesInputSchema = z.object({
  games: z
    .array(z.string({ error: SETTINGS_MESSAGES.favouritesList }).trim().toLowerCase().min(1, SETTINGS_MESSAGES.favouritesList).max(200), {
      error: SETTINGS_MESSAGES.favouritesList,
    })
    .max(LIBRARY_LIMITS.favourites, SETTINGS_MESSAGES.tooManyFavourites)
    .refine((games) => new Set(games).size === games.length, SETTINGS_MESSAGES.favouriteTwice),
});

/** DELETE /api/profile: the password confirms it is really the owner. */
export const deleteAccountSchema = z.object({
  password: z.string({ error: MESSAGES.validation.password.required }).min(1, MESSAGES.validation.password.required),
});
