import { LIBRARY_LIMITS } from './library.js';

/** The settings pages' limits and texts: the forms check them before sending, the API again. */
export const SETTINGS_LIMITS = {
  /** Image types an avatar upload may be (the server sniffs the real one). */
  avatarTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
  bioMaxLength: 500,
  avatarMaxBytes: 5 * 1024 * 1024,
  /** Square side of the stored avatar (twice the largest shown size, for sharp screens). */
  avatarSize: 256,
  /** Width × height an upload may decode to: larger is a decompression bomb, not a photo. */
  avatarMaxPixels: 64_000_000,
  /** Bytes an upload may decode to (width × height × channels × bytes per channel): 64 megapixels of 8-bit RGBA, 32 of 16-bit. */
  avatarMaxDecodedBytes: 256_000_000,
} as const;

export const SETTINGS_MESSAGES = {
  avatarTooLarge: 'The image must be 5 MB or smaller.',
  avatarNotImage: 'Choose a PNG, JPEG, WebP or GIF image.',
  avatarTooManyPixels: 'The image must be at most 64 megapixels (for example 8000 × 8000).',
  avatarTooManyBytes: 'The image must be at most 64 megapixels (for example 8000 × 8000), or 32 megapixels if it has 16 bits per channel.',
  avatarBusy: 'Many pictures are being processed right now. Try again in a few seconds.',
  bioTooLong: `Bio must have at most ${SETTINGS_LIMITS.bioMaxLength} characters`,
  favouritesList: 'Favourites must be a list of game slugs',
  tooManyFavourites: `You can have up to ${LIBRARY_LIMITS.favourites} favourite games.`,
  favouriteTwice: 'Each game can be a favourite only once.',
  notInLibrary: (name: string) => `${name} is not in your library. Add it first.`,
  noSuchGame: (slug: string) => `There is no game "${slug}".`,
  lastAdmin: 'You are the only admin. Make someone else an admin before deleting your account.',
} as const;
