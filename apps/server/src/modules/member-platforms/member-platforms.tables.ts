/** A platform a member owns (0049): release alerts and Coming up read it. */
export interface MemberPlatformsTable {
  user_id: number;
  platform_id: number;
}
