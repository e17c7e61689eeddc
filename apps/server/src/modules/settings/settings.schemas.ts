import { LIBRARY_LIMITS, MESSAGES } from '@vgl/shared';
import { z } from 'zod';

/*
 * The settings pages' limits, texts and request bodies. They live beside the
 * routes until the web half of settings needs them; then they move to
 * packages/shared unchanged, so the form and the API keep one set of words.
 */

export const SETTINGS_LIMITS = {
  bioMaxLength: 500,
  avatarMaxBytes: 5 * 1024 * 1024,
  /** Square side of the stored avatar (twice the largest shown size, for sharp screens). */
  avatarSize: 256,
  /** Width × height an upload may decode to: larger is a decompression bomb, not a photo. */
  avatarMaxPixels: 64_000_000,
} as const;

export const SETTINGS_MESSAGES = {
  avatarTooLarge: 'The image must be 5 MB or smaller.',
  avatarNotImage: 'Choose a PNG, JPEG, WebP or GIF image.',
  avatarTooManyPixels: 'The image must be at most 64 megapixels (for example 8000 × 8000).',
  bioTooLong: `Bio must have at most ${SETTINGS_LIMITS.bioMaxLength} characters`,
  favouritesList: 'Favourites must be a list of game slugs',
  tooManyFavourites: `You can have up to ${LIBRARY_LIMITS.favourites} favourite games.`,
  favouriteTwice: 'Each game can be a favourite only once.',
  notInLibrary: (name: string) => `${name} is not in your library. Add it first.`,
  noSuchGame: (slug: string) => `There is no game "${slug}".`,
  lastAdmin: 'You are the only admin. Make someone else an admin before deleting your account.',
} as const;

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
