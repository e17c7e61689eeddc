/** Explore's first-run checklist: which first steps a member has taken. */
export interface FirstSteps {
  loggedGame: boolean;
  imported: boolean;
  followed: boolean;
  madeList: boolean;
}

/** A member worth following, for someone whose activity feed is empty. */
export interface SuggestedMember {
  user: { username: string; avatar: string | null };
  followers: number;
  /** Likes their reviews have received. */
  reviewLikes: number;
  /** Why they are suggested. */
  reason: 'most-followed' | 'most-liked';
}

export const SUGGESTED_MEMBERS = 6;
