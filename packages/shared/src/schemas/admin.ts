import { z } from 'zod';
import { ADMIN_LIMITS, AUDIT_ACTIONS, USER_ROLES, type AdminComment, type AdminFederation, type AdminOverview, type AdminReview, type AdminUser, type AuditEntry, type FailedMail } from '../admin.js';
import { DB_INT_MAX, idOf, named, userRefSchema } from './common.js';
import { reviewEntrySchema } from './library-responses.js';

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
export const moderationReasonSchema = z
  .object({
    reason: z
      .string({ error: reasonMessage })
      .trim()
      .min(ADMIN_LIMITS.reasonMinLength, reasonMessage)
      .max(ADMIN_LIMITS.reasonMaxLength, reasonMessage)
      .describe('Shown to the member concerned'),
  })
  .meta({ examples: [{ reason: 'Spam links in the review' }] });
export type ModerationReason = z.infer<typeof moderationReasonSchema>;

/** PUT /api/admin/users/{id}/role (admins only). */
export const roleInputSchema = z
  .object({
    role: z.enum(USER_ROLES, { error: `Role must be one of ${USER_ROLES.join(', ')}` }),
  })
  .meta({ examples: [{ role: 'moderator' }] });
export type RoleInput = z.infer<typeof roleInputSchema>;

const entryId = z
  .number({ error: 'entryId must be a review id' })
  .int('entryId must be a review id')
  .positive('entryId must be a review id')
  .max(DB_INT_MAX, 'entryId must be a review id')
  .describe('The review’s `_id`, as a number');

/** POST /api/admin/featured: appends a review to the featured list. */
export const featureInputSchema = z.object({ entryId }).meta({ examples: [{ entryId: 12 }] });
export type FeatureInput = z.infer<typeof featureInputSchema>;

/** PUT /api/admin/featured: the featured reviews in their new order; exactly the featured set. */
export const featuredOrderSchema = z
  .object({
    entryIds: z
      .array(entryId, { error: 'entryIds must be a list of review ids' })
      .max(ADMIN_LIMITS.maxFeatured, `At most ${ADMIN_LIMITS.maxFeatured} reviews can be featured`)
      .refine((ids) => new Set(ids).size === ids.length, 'entryIds must not repeat a review'),
  })
  .meta({ examples: [{ entryIds: [12, 7, 31] }] });
export type FeaturedOrder = z.infer<typeof featuredOrderSchema>;

/** Path parameters of /api/admin/*. */
export const adminUserParamSchema = z.object({ id: idOf('user') });
export const adminCommentParamSchema = z.object({ id: idOf('comment') });
export const failedMailParamSchema = z.object({ id: z.uuid('must be a mail job id').describe('The mail job’s id') });
export const adminReviewParamSchema = z.object({ entryId: idOf('review').describe('The review’s `_id`') });

/* ---- Answers ---- */

const unixMs = (what: string) => z.number().describe(`${what}, unix ms`);

const dailyCountSchema = named(
  'DailyCount',
  z.object({ date: z.string().describe('UTC day, YYYY-MM-DD'), count: z.number().int().min(0) }),
);

export const auditEntrySchema = named(
  'AuditEntry',
  z.object({
    id: z.number().int(),
    actor: z.object({ username: z.string() }).nullable().describe('Who did it; the name is kept when the account is deleted'),
    action: z.enum(AUDIT_ACTIONS),
    targetType: z.enum(['user', 'review', 'comment', 'featured', 'catalog', 'submission', 'list', 'signup', 'instance', 'fed_reply', 'fed_actor']),
    targetId: z.number().int().nullable().describe('The user, review (library entry), comment or game submission id; null for featured.reorder and catalog.sync'),
    targetLabel: z.string().nullable().describe('What the target was called at the time'),
    reason: z.string().nullable().describe('The moderator’s reason; for user.role "user → moderator"'),
    createdAt: unixMs('When'),
  }),
  'One moderation action',
) satisfies z.ZodType<AuditEntry>;

export const failedMailSchema = named(
  'FailedMail',
  z.object({
    id: z.string().describe('The mail job’s id'),
    to: z.string(),
    subject: z.string(),
    lastError: z.string().describe('What the mail server (or the connection) said at the last try'),
    tries: z.number().int(),
    failedAt: unixMs('The last try'),
  }),
  'A mail the job queue gave up on after its last retry',
) satisfies z.ZodType<FailedMail>;

export const adminOverviewSchema = named(
  'AdminOverview',
  z.object({
    counts: z.object({
      users: z.number().int().describe('Every account, whatever its state'),
      activeUsersWeek: z.number().int().describe('Active accounts that logged in or did anything recorded in the last 7 days'),
      gamesLogged: z.number().int().describe('Library entries'),
      reviews: z.number().int().describe('Written reviews'),
      comments: z.number().int(),
    }),
    signups: z.array(dailyCountSchema).describe(`${ADMIN_LIMITS.seriesDays} consecutive UTC days ending today, oldest first`),
    reviews: z.array(dailyCountSchema).describe(`${ADMIN_LIMITS.seriesDays} consecutive UTC days ending today, oldest first`),
    audit: z.array(auditEntrySchema).describe(`The latest ${ADMIN_LIMITS.overviewAudit} audit rows, newest first`),
    failedMail: z
      .object({ total: z.number().int(), latest: z.array(failedMailSchema).describe(`The latest ${ADMIN_LIMITS.overviewFailedMail}, newest first`) })
      .describe('Mail that could not be sent: every retry failed'),
  }),
  'The dashboard’s counts, charts and latest audit rows',
) satisfies z.ZodType<AdminOverview>;

export const adminUserSchema = named(
  'AdminUser',
  z.object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    avatar: z.string().nullable(),
    role: z.enum(USER_ROLES),
    state: z.enum(['pending', 'active', 'suspended']),
    createdAt: unixMs('Signed up'),
    lastLoginAt: unixMs('Last log-in').nullable(),
    suspendedReason: z.string().nullable(),
    suspendedAt: unixMs('Suspended').nullable(),
    games: z.number().int().describe('Library entries'),
    reviews: z.number().int().describe('Written reviews'),
    viewerCan: z
      .object({ suspend: z.boolean(), unsuspend: z.boolean(), changeRole: z.boolean() })
      .describe('What the caller may do with this account'),
  }),
  'An account as the dashboard lists it',
) satisfies z.ZodType<AdminUser>;

export const adminReviewSchema = named(
  'AdminReview',
  reviewEntrySchema.extend({
    featured: z.boolean().describe('On the featured list of the landing page'),
    featureRefusal: z
      .string()
      .nullable()
      .describe('Why POST /api/admin/featured would refuse it now (its author is suspended or not activated), in the words it would answer; null when it can be featured'),
  }),
  'A review as the dashboard lists it',
) satisfies z.ZodType<AdminReview>;

export const adminCommentSchema = named(
  'AdminComment',
  z.object({
    id: z.number().int(),
    body: z.string(),
    createdAt: unixMs('Written'),
    user: userRefSchema,
    review: z
      .object({ username: z.string(), slug: z.string(), gameName: z.string() })
      .nullable()
      .describe('The review it is under: /u/{username}/reviews/{slug}; null for a comment on a list'),
    list: z
      .object({ username: z.string(), slug: z.string(), title: z.string() })
      .nullable()
      .describe('The list it is under: /u/{username}/lists/{slug}; null for a comment on a review'),
  }),
  'A comment as the dashboard lists it',
) satisfies z.ZodType<AdminComment>;

export const adminFederationSchema = named(
  'AdminFederation',
  z.object({
    enabled: z.boolean().describe('Whether this instance federates (FEDERATION=on)'),
    origin: z.string().nullable().describe('PUBLIC_URL, the origin of every actor id, when federation is on; null when it is off'),
    followers: z
      .object({
        accepted: z.number().int().describe('Follows that receive the member’s public reviews'),
        pending: z.number().int().describe('Follows of a private profile, waiting and receiving nothing'),
      })
      .describe('Follows of members by accounts on other servers'),
    published: z.number().int().describe('Reviews published to other servers and not deleted since'),
    instances: z
      .array(
        z.object({
          host: z.string().describe('The host of its accounts’ actor ids'),
          followers: z.number().int().describe('Its accounts following someone here, accepted or waiting'),
          members: z.number().int().describe('Members here they follow'),
        }),
      )
      .describe(`The remote servers whose accounts follow members here, most followers first, then by host; at most ${ADMIN_LIMITS.federationInstances}`),
  }),
  'Whether this instance federates, and who follows its members from other servers',
) satisfies z.ZodType<AdminFederation>;
