import type { UserRef } from './library.js';

/** Texts of blocks, mutes and private profiles (issue 36), shared by the server and the web app. */
export const PRIVACY_MESSAGES = {
  privateProfile: 'This profile is private.',
  privateContent: 'This profile is private: only approved followers see it.',
  blockedFollow: "You can't follow this member.",
  blockedAct: "You can't do that: one of you has blocked the other.",
  blockSelf: "You can't block yourself.",
  muteSelf: "You can't mute yourself.",
  noRequest: 'There is no follow request from this member.',
  notAvailable: 'This profile is not available.',
} as const;

/** Your privacy settings. */
export interface PrivacySettings {
  isPrivate: boolean;
  hideFromSearch: boolean;
}

/** A member you blocked or muted, or who asked to follow you. */
export interface AudienceCard extends UserRef {
  /** When you blocked, muted, or they asked (unix ms). */
  since: number;
}
