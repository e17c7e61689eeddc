import { z } from 'zod';
import {
  ACCOUNT_BLOCK_MESSAGES,
  FOLLOWING_LIMITS,
  FOLLOWING_MESSAGES,
  FOLLOWING_STATES,
  INSTANCE_LIMITS,
  INSTANCE_MESSAGES,
  INSTANCE_POLICIES,
  normaliseDomain,
  type InstanceRule,
  type RemoteAccountBlock,
  type RemoteAccountSuspension,
  type RemoteFollower,
  type RemoteFollowing,
  type RemotePost,
  type RemotePostReply,
} from '../federation.js';
import { DB_INT_MAX, idOf, idParamSchema, named } from './common.js';
import { commentInputSchema, feedQuerySchema } from './library.js';

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

/** POST /api/federation/following: whom to follow elsewhere (read by parseRemoteAccount in the service, so its message is the one shown). */
export const followRemoteInputSchema = z
  .object({
    account: z
      .string({ error: FOLLOWING_MESSAGES.accountMissing })
      .max(FOLLOWING_LIMITS.accountMaxLength, FOLLOWING_MESSAGES.accountTooLong)
      .describe('"@name@host", "name@host", or the https:// address of their profile'),
  })
  .meta({ examples: [{ account: '@alice@mastodon.example' }] });

export const remoteFollowingSchema = named(
  'RemoteFollowing',
  z.object({
    id: z.number().int(),
    name: z.string(),
    handle: z.string().describe('@name@host'),
    url: z.string().describe('Their profile on their server'),
    host: z.string(),
    state: z.enum(FOLLOWING_STATES).describe('pending until their server accepts the follow'),
    since: z.number().describe('Unix ms'),
  }),
  'An account on another server you follow',
) satisfies z.ZodType<RemoteFollowing>;

export const remoteFollowingParamSchema = idParamSchema('follow');
export const remotePostParamSchema = idParamSchema('post');

/** POST /api/federation/feed/{id}/replies: the same text rules and messages as a comment here. */
export const remoteReplyInputSchema = z
  .object({ text: commentInputSchema.shape.body.describe('Plain text, trimmed; sent as escaped HTML paragraphs') })
  .meta({ examples: [{ text: 'The summit made me cry too.' }] });

export const remoteReplyParamSchema = z.object({ id: idOf('post'), replyId: idOf('reply') });

export const remotePostReplySchema = named(
  'RemotePostReply',
  z.object({
    id: z.number().int(),
    text: z.string(),
    uri: z.string().describe('The reply’s Note id on this instance'),
    created: z.number().describe('Unix ms'),
  }),
  'Your reply to a post of an account on another server',
) satisfies z.ZodType<RemotePostReply>;

export const remoteFeedQuerySchema = feedQuerySchema.extend({
  before: z.coerce
    .number({ error: 'before must be a post id' })
    .int('before must be a post id')
    .positive('before must be a post id')
    .max(DB_INT_MAX, 'before must be a post id')
    .optional()
    .describe('The X-Next-Cursor of the previous page; leave out for the newest'),
});

export const remotePostSchema = named(
  'RemotePost',
  z.object({
    id: z.number().int(),
    account: z.object({ name: z.string(), handle: z.string(), url: z.string(), host: z.string(), avatar: z.string().nullable() }),
    title: z.string().nullable().describe('An article’s title'),
    contentWarning: z.string().nullable(),
    text: z.string().describe('Plain text; paragraphs are separated by blank lines'),
    image: z.object({ url: z.string(), alt: z.string().nullable() }).nullable(),
    url: z.string().nullable().describe('The post on its server'),
    published: z.number().describe('Unix ms'),
    viewerLiked: z.boolean().describe('Whether you liked it'),
    viewerReplies: z.array(remotePostReplySchema).describe('Your replies to it, oldest first'),
  }),
  'A post of an account on another server you follow',
) satisfies z.ZodType<RemotePost>;

/** POST /api/federation/blocks and /api/admin/federation/accounts: an account already known here, by its actor id or handle. */
const knownAccountSchema = z
  .string({ error: ACCOUNT_BLOCK_MESSAGES.accountMissing })
  .trim()
  .min(1, ACCOUNT_BLOCK_MESSAGES.accountMissing)
  .max(FOLLOWING_LIMITS.accountMaxLength, FOLLOWING_MESSAGES.accountTooLong)
  .describe('Its ActivityPub actor id (the `id` of a RemoteActor, the `actor` of a follower or follow), or its "@name@host"');

export const blockRemoteAccountInputSchema = z.object({ account: knownAccountSchema }).meta({ examples: [{ account: 'https://mastodon.example/users/troll' }] });

export const remoteAccountBlockSchema = named(
  'RemoteAccountBlock',
  z.object({
    id: z.number().int().describe('The block: DELETE /api/federation/blocks/{id} lifts it'),
    actor: z.string().describe('Its ActivityPub actor id'),
    handle: z.string().describe('@name@host'),
    name: z.string().nullable(),
    url: z.string().describe('Its profile on its server'),
    since: z.number().describe('Unix ms'),
  }),
  'An account on another server you block',
) satisfies z.ZodType<RemoteAccountBlock>;

export const remoteAccountBlockParamSchema = idParamSchema('block');

export const suspendRemoteAccountInputSchema = z
  .object({
    account: knownAccountSchema,
    reason: z
      .string()
      .trim()
      .max(INSTANCE_LIMITS.reasonMaxLength, INSTANCE_MESSAGES.reasonTooLong)
      .nullish()
      .transform((reason) => (reason ? reason : null))
      .describe('Why, for other moderators (the audit log keeps it too)'),
  })
  .meta({ examples: [{ account: 'https://mastodon.example/users/troll', reason: 'Harassment' }] });

export const remoteAccountSuspensionSchema = named(
  'RemoteAccountSuspension',
  z.object({
    actor: z.string().describe('Its ActivityPub actor id: DELETE /api/admin/federation/accounts?actor=… lifts it'),
    handle: z.string(),
    url: z.string(),
    reason: z.string().nullable(),
    createdAt: z.number().describe('Unix ms'),
    createdBy: z.string().nullable().describe('Who suspended it; null once their account is gone'),
  }),
  'An account on another server suspended on this instance',
) satisfies z.ZodType<RemoteAccountSuspension>;

export const remoteAccountActorQuerySchema = z.object({ actor: knownAccountSchema });
