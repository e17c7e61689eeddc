import { z } from 'zod';
import type { CommentEntry } from '../social.js';
import { named, userRefSchema } from './common.js';

/** Response schemas of the social features; each is checked against the type the web app reads. */

export const commentEntrySchema = named(
  'Comment',
  z.object({
    _id: z.string().describe('"c" + id: the entityId for POST /api/like'),
    id: z.number().int(),
    user: userRefSchema,
    body: z.string().describe('As written; shown with the review text rules (SPEC §5)'),
    likes: z.number().int(),
    date: z.object({ created: z.number().describe('Unix ms'), updated: z.number().describe('Unix ms') }),
    viewerCan: z.object({ edit: z.boolean(), delete: z.boolean() }).describe('What the caller may do with it (false for visitors)'),
  }),
) satisfies z.ZodType<CommentEntry>;
