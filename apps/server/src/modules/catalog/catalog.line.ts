import { z } from 'zod';

/**
 * One line of a catalog file (JSONL, optionally gzipped): a game, or a
 * platform that games may name (kind "platform"). Documented in the README.
 */
export const platformLineSchema = z.object({
  kind: z.literal('platform'),
  slug: z.string().regex(/^[a-z0-9-]{1,120}$/, 'slug must be lower-case letters, digits and dashes'),
  name: z.string().trim().min(1).max(200),
  abbreviation: z.string().max(40).optional(),
});

export const gameLineSchema = z.object({
  kind: z.literal('game').optional(),
  name: z.string().trim().min(1, 'name is required').max(200),
  slug: z
    .string()
    .regex(/^[a-z0-9-]{1,120}$/, 'slug must be lower-case letters, digits and dashes')
    .optional(),
  releaseDate: z.iso.date('releaseDate must be YYYY-MM-DD').optional(),
  year: z.number().int().min(1950).max(2100).optional(),
  platforms: z.array(z.string().min(1).max(120)).max(50).default([]),
  /** The platform of the first release, one of `platforms`: what a card shows (the others are on the game's page). */
  firstPlatform: z.string().min(1).max(120).optional(),
  publishers: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
  developers: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
  genres: z.array(z.string().min(1).max(120)).max(20).default([]),
  themes: z.array(z.string().min(1).max(120)).max(20).default([]),
  altNames: z.array(z.string().trim().min(1).max(300)).max(20).default([]),
  summary: z.string().max(10_000).optional(),
  cover: z.string().regex(/^[a-z0-9]{1,40}$/, 'cover must be an IGDB image id').optional(),
  rating: z.number().min(0).max(100).optional(),
  popularity: z.number().min(0).optional(),
});

export type PlatformLine = z.infer<typeof platformLineSchema>;
export type GameLine = z.infer<typeof gameLineSchema>;
