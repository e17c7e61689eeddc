import { z } from 'zod';
import { ADMIN_LIMITS, USER_ROLES } from '../admin.js';

const page = z.coerce
  .number({ error: 'page must be a whole number of 1 or more' })
  .int('page must be a whole number of 1 or more')
  .min(1, 'page must be a whole number of 1 or more')
  .max(10_000, 'page must be at most 10000')
  .default(1);
const limitMessage = `limit must be a whole number from 1 to ${ADMIN_LIMITS.maxPerPage}`;
const limit = z.coerce.number({ error: limitMessage }).int(limitMessage).min(1, limitMessage).max(ADMIN_LIMITS.maxPerPage, limitMessage).default(ADMIN_LIMITS.perPage);

/** GET /api/admin/audit */
export const adminPageQuerySchema = z.object({ page, limit });
export type AdminPageQuery = z.infer<typeof adminPageQuerySchema>;

/** GET /api/admin/{users,reviews,comments}: a page, optionally filtered by search text. */
export const adminListQuerySchema = adminPageQuerySchema.extend({
  q: z
    .string({ error: 'q must be text' })
    .trim()
    .max(ADMIN_LIMITS.queryMaxLength, `The search must have at most ${ADMIN_LIMITS.queryMaxLength} characters`)
    .default(''),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

const reasonMessage = `Give a reason of ${ADMIN_LIMITS.reasonMinLength} to ${ADMIN_LIMITS.reasonMaxLength} characters`;

/** POST /api/admin/users/{id}/suspend, DELETE /api/admin/reviews/{id} and /api/admin/comments/{id}: the author reads the reason. */
export const moderationReasonSchema = z.object({
  reason: z
    .string({ error: reasonMessage })
    .trim()
    .min(ADMIN_LIMITS.reasonMinLength, reasonMessage)
    .max(ADMIN_LIMITS.reasonMaxLength, reasonMessage),
});
export type ModerationReason = z.infer<typeof moderationReasonSchema>;

/** PUT /api/admin/users/{id}/role (admins only). */
export const roleInputSchema = z.object({
  role: z.enum(USER_ROLES, { error: `Role must be one of ${USER_ROLES.join(', ')}` }),
});
export type RoleInput = z.infer<typeof roleInputSchema>;

const entryId = z.number({ error: 'entryId must be a review id' }).int('entryId must be a review id').positive('entryId must be a review id');

/** POST /api/admin/featured: appends a review to the featured list. */
export const featureInputSchema = z.object({ entryId });
export type FeatureInput = z.infer<typeof featureInputSchema>;

/** PUT /api/admin/featured: the featured reviews in their new order; exactly the featured set. */
export const featuredOrderSchema = z.object({
  entryIds: z
    .array(entryId, { error: 'entryIds must be a list of review ids' })
    .max(ADMIN_LIMITS.maxFeatured, `At most ${ADMIN_LIMITS.maxFeatured} reviews can be featured`)
    .refine((ids) => new Set(ids).size === ids.length, 'entryIds must not repeat a review'),
});
export type FeaturedOrder = z.infer<typeof featuredOrderSchema>;
