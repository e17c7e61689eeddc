import { z } from 'zod';
import { INSTANCE_LIMITS, INSTANCE_MESSAGES, INSTANCE_POLICIES, normaliseDomain, type InstanceRule, type RemoteFollower } from '../federation.js';
import { idParamSchema, named } from './common.js';

/** A domain as typed, normalised (normaliseDomain), or a 400 saying what is wrong with it. */
export const domainSchema = z
  .string({ error: INSTANCE_MESSAGES.domainMissing })
  .max(1000, INSTANCE_MESSAGES.domainTooLong)
  .transform((typed, ctx) => {
    const result = normaliseDomain(typed);
    if ('domain' in result) return result.domain;
    ctx.addIssue({ code: 'custom', message: result.error });
    return z.NEVER;
  })
  .describe('A domain such as spam.example (its subdomains are covered too); case, a final dot and non-ASCII letters are normalised');

/** POST /api/admin/federation/instances. */
export const instanceRuleInputSchema = z
  .object({
    domain: domainSchema,
    policy: z.enum(INSTANCE_POLICIES, { error: INSTANCE_MESSAGES.policy }).describe('block: nothing in or out; silence: follows wait for approval and nothing notifies'),
    reason: z
      .string()
      .trim()
      .max(INSTANCE_LIMITS.reasonMaxLength, INSTANCE_MESSAGES.reasonTooLong)
      .nullish()
      .transform((reason) => (reason ? reason : null))
      .describe('Why, for other moderators (the audit log keeps it too)'),
  })
  .meta({ examples: [{ domain: 'spam.example', policy: 'block', reason: 'Spam from every account' }] });
export type InstanceRuleInput = z.infer<typeof instanceRuleInputSchema>;

export const instanceDomainParamSchema = z.object({ domain: domainSchema });

export const instanceRuleSchema = named(
  'InstanceRule',
  z.object({
    domain: z.string(),
    policy: z.enum(INSTANCE_POLICIES),
    reason: z.string().nullable(),
    createdAt: z.number().describe('Unix ms'),
    createdBy: z.string().nullable().describe('Who set it; null once their account is gone'),
    followers: z.number().int().describe('Remote accounts of the domain or its subdomains following members here now'),
  }),
  'A remote server blocked or silenced, with its subdomains',
) satisfies z.ZodType<InstanceRule>;

export const remoteFollowerSchema = named(
  'RemoteFollower',
  z.object({
    id: z.number().int(),
    name: z.string(),
    handle: z.string().describe('@name@host'),
    url: z.string().describe('Their profile on their server'),
    since: z.number().describe('Unix ms'),
  }),
  'An account on another server following you, or asking to',
) satisfies z.ZodType<RemoteFollower>;

export const remoteFollowerParamSchema = idParamSchema('follower');
