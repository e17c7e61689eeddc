import { z } from 'zod';
import { REPORT_ACTIONS, REPORT_LIMITS, REPORT_REASONS, REPORT_TARGET_TYPES, type ReportGroup } from '../reports.js';
import { DB_INT_MAX, idOf, named } from './common.js';

const targetIdMessage = 'targetId must be the id of the review, comment, list, member or reply';
const usernameMessage = 'Give the username of the member to report';
const accountMessage = 'Give the account on another server to report: its actor id or @name@host';

/** POST /api/reports. A member is named by id or by username (their profile's address). */
export const reportInputSchema = z
  .object({
    targetType: z.enum(REPORT_TARGET_TYPES, { error: `targetType must be one of ${REPORT_TARGET_TYPES.join(', ')}` }),
    targetId: z.coerce
      .number({ error: targetIdMessage })
      .int(targetIdMessage)
      .positive(targetIdMessage)
      .max(DB_INT_MAX, targetIdMessage)
      .optional()
      .describe('The review’s `_id`, the comment’s, list’s or member’s id'),
    username: z.string({ error: usernameMessage }).trim().min(1, usernameMessage).max(40, usernameMessage).optional().describe('For a member: their username, instead of targetId'),
    account: z
      .string({ error: accountMessage })
      .trim()
      .min(1, accountMessage)
      .max(2000, accountMessage)
      .optional()
      .describe('For an account on another server (fed_actor): its actor id or "@name@host", instead of targetId'),
    reason: z.enum(REPORT_REASONS, { error: `Choose a reason: ${REPORT_REASONS.join(', ')}` }),
    details: z
      .string({ error: 'details must be text' })
      .trim()
      .max(REPORT_LIMITS.detailsMaxLength, `Details can have at most ${REPORT_LIMITS.detailsMaxLength} characters`)
      .optional()
      .transform((s) => (s ? s : null)),
  })
  .superRefine((v, ctx) => {
    if (v.targetId === undefined && !(v.targetType === 'user' && v.username) && !(v.targetType === 'fed_actor' && v.account)) {
      ctx.addIssue({ code: 'custom', path: ['targetId'], message: v.targetType === 'user' ? usernameMessage : v.targetType === 'fed_actor' ? accountMessage : targetIdMessage });
    }
  })
  .meta({ examples: [{ targetType: 'comment', targetId: 42, reason: 'harassment', details: 'Insults the reviewer' }] });
export type ReportInput = z.infer<typeof reportInputSchema>;

export const reportReceiptSchema = named(
  'ReportReceipt',
  z.object({ id: z.number().int(), message: z.string().describe('What to tell the reporter') }),
  'The report was filed',
);

/** POST /api/admin/reports/{id}/resolve */
export const reportResolveSchema = z
  .object({
    action: z.enum(REPORT_ACTIONS, { error: `action must be one of ${REPORT_ACTIONS.join(', ')}` }),
    note: z
      .string({ error: 'note must be text' })
      .trim()
      .max(REPORT_LIMITS.noteMaxLength, `The note can have at most ${REPORT_LIMITS.noteMaxLength} characters`)
      .optional()
      .transform((s) => (s ? s : null)),
  })
  .meta({ examples: [{ action: 'hide', note: 'Insults' }] });
export type ReportResolve = z.infer<typeof reportResolveSchema>;

export const reportParamSchema = z.object({ id: idOf('report') });

const pageMessage = 'page must be a whole number of 1 or more';
export const reportQueueQuerySchema = z.object({
  page: z.coerce.number({ error: pageMessage }).int(pageMessage).min(1, pageMessage).max(10_000, 'page must be at most 10000').default(1),
});

export const reportGroupSchema = named(
  'ReportGroup',
  z.object({
    id: z.number().int().describe('The oldest open report on the target; resolve with it'),
    target: z.object({
      type: z.enum(REPORT_TARGET_TYPES),
      id: z.number().int(),
      excerpt: z.string(),
      author: z.object({ username: z.string(), avatar: z.string().nullable() }).nullable(),
      remote: z
        .object({ handle: z.string().describe('@name@host'), url: z.string().describe('Its profile on its server, to link out to') })
        .optional()
        .describe('Set for a reply from (fed_reply) or an account on (fed_actor) another server: `author` is then null, and Suspend suspends this account on this instance'),
      link: z.string().nullable().describe('Where it is on this site (a reply: the review it answers); null when gone, and for an account on another server'),
      hidden: z.boolean(),
    }),
    reports: z.array(
      z.object({
        id: z.number().int(),
        reporter: z.object({ username: z.string() }),
        reason: z.enum(REPORT_REASONS),
        details: z.string().nullable(),
        createdAt: z.number(),
      }),
    ),
    history: z.object({
      priorReports: z.number().int().describe('Reports against the author before these, resolved either way'),
      priorActions: z.array(z.object({ action: z.string(), reason: z.string().nullable(), createdAt: z.number() })),
      suspended: z.boolean(),
    }),
    createdAt: z.number().describe('The oldest open report, unix ms'),
  }),
  'A reported target with its open reports',
) satisfies z.ZodType<ReportGroup>;
