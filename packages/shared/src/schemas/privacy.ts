import { z } from 'zod';
import type { AudienceCard, PrivacySettings } from '../privacy.js';
import { named, userRefSchema } from './common.js';

export const privacySettingsSchema = named(
  'PrivacySettings',
  z.object({
    isPrivate: z.boolean().describe('Only approved followers see your activity, library, diary, lists, reviews and stats; follows become requests'),
    hideFromSearch: z.boolean().describe('Your pages ask search engines not to index them and are left out of the sitemap'),
  }),
  'Your privacy settings',
) satisfies z.ZodType<PrivacySettings>;

export const privacySettingsBodySchema = z
  .object({ isPrivate: z.boolean().optional(), hideFromSearch: z.boolean().optional() })
  .strict()
  .describe('The settings to change; the others stay as they are');

export const audienceCardSchema = named(
  'AudienceCard',
  userRefSchema.extend({ since: z.number().describe('Unix ms') }),
  'A member you blocked or muted, or who asks to follow you',
) satisfies z.ZodType<AudienceCard>;

export const blockStateSchema = named('BlockState', z.object({ isBlocked: z.boolean() }), 'Whether you block the member after the call');
export const muteStateSchema = named('MuteState', z.object({ isMuted: z.boolean() }), 'Whether you mute the member after the call');
