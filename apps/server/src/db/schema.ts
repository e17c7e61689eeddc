import type { Generated } from 'kysely';
import type { BlocksTable, FollowRequestsTable, MutesTable } from '../modules/audience/audience.tables.js';
import type { CalendarFeedsTable, ReleaseAlertsTable } from '../modules/releases/releases.tables.js';
import type { NotificationChannelsTable, NotificationSettingsTable } from '../modules/notifications/notifications.tables.js';
import type { IdempotencyKeysTable } from '../modules/idempotency/idempotency.tables.js';
import type { InvitesTable } from '../modules/registration/registration.tables.js';
import type { ReportsTable } from '../modules/reports/reports.tables.js';
import type { PushOutboxTable, PushSubscriptionsTable } from '../modules/push/push.tables.js';
import type { PlaysTable } from '../modules/plays/plays.tables.js';
import type { DiaryEntriesTable, LibraryEntriesTable } from '../modules/library/library.tables.js';

export type { DiaryEntriesTable, LibraryEntriesTable };
import type { ActivitiesTable, AuditLogTable, CommentsTable, NotificationsTable } from './social.tables.js';
import type { ListsTable, ListGamesTable } from '../modules/lists/lists.tables.js';
import type { MemberPlatformsTable } from '../modules/member-platforms/member-platforms.tables.js';
import type { FederationDatabase } from '../modules/federation/federation.tables.js';

/**
 * The database as Kysely sees it. Times are unix milliseconds in a bigint
 * column on both dialects, so queries and presenters never branch on the
 * dialect for dates.
 */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: number;
}

export type Role = 'user' | 'moderator' | 'admin';
export type UserState = 'pending' | 'active' | 'suspended';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  username_key: string;
  email: string;
  email_key: string;
  password_hash: string;
  avatar: string | null;
  bio: string | null;
  role: Generated<Role>;
  state: Generated<UserState>;
  suspended_reason: string | null;
  suspended_at: number | null;
  token_version: Generated<number>;
  created_at: number;
  updated_at: number;
  activated_at: number | null;
  last_login_at: number | null;
  followers_count: Generated<number>;
  following_count: Generated<number>;
  feed_seen_id: Generated<number>;
  /** 1 for the accounts seed:demo creates. */
  is_demo: Generated<number>;
  /** When the member last imported a file (0021; Explore's first steps). */
  imported_at: number | null;
  /** Set while a pending account waits for a moderator (REGISTRATION=approval, 0043); null otherwise. */
  awaiting_approval_since: number | null;
  /** 1: only approved followers see the member's things (0041, audience module). */
  is_private: Generated<number>;
  /** 1: the member's pages ask search engines not to index them and stay out of the sitemap (0041). */
  hide_from_search: Generated<number>;
}

export type TokenKind = 'activation' | 'password_reset' | 'email_change';

export interface UserTokensTable {
  id: Generated<number>;
  user_id: number;
  kind: TokenKind;
  token_hash: string;
  payload: string | null;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

interface NamedTable {
  id: Generated<number>;
  igdb_id: number | null;
  slug: string;
  name: string;
}

export interface PlatformsTable extends NamedTable {
  abbreviation: string | null;
  alternative_name: string | null;
  category: string | null;
  generation: number | null;
  family: string | null;
  summary: string | null;
  feat: Generated<number>;
  games_count: Generated<number>;
}

/** 'member': a game a member submitted (0035; game_submissions says whether it is listed yet). */
export type GameSource = 'mame' | 'igdb' | 'wikidata' | 'import' | 'member';

export interface GamesTable extends NamedTable {
  summary: string | null;
  cover_image_id: string | null;
  /** Unix seconds (SPEC §3); null when only the year, or nothing, is known. */
  first_release_date: number | null;
  release_year: number | null;
  /** The platform of its first release (migration 0036): what its card shows; null when the source does not say. */
  first_platform_id: number | null;
  /** 0–100, IGDB's scale. */
  rating: number | null;
  rating_count: Generated<number>;
  popularity: Generated<number>;
  source: GameSource;
  igdb_updated_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface GamePlatformsTable {
  game_id: number;
  platform_id: number;
  popularity: Generated<number>;
  release_year: number | null;
}

export interface SelectionsTable extends NamedTable {
  description: string | null;
  image: string | null;
  position: Generated<number>;
}

export interface Database extends FederationDatabase {
  idempotency_keys: IdempotencyKeysTable;
  app_meta: AppMetaTable;
  users: UsersTable;
  user_tokens: UserTokensTable;
  platforms: PlatformsTable;
  genres: NamedTable;
  themes: NamedTable;
  companies: NamedTable;
  games: GamesTable;
  game_platforms: GamePlatformsTable;
  game_genres: { game_id: number; genre_id: number };
  game_themes: { game_id: number; theme_id: number };
  game_companies: { game_id: number; company_id: number; role: 'publisher' | 'developer' };
  alternative_names: { id: Generated<number>; game_id: number; name: string };
  selections: SelectionsTable;
  selection_games: { selection_id: number; game_id: number; position: number };
  library_entries: LibraryEntriesTable;
  library_entry_platforms: { entry_id: number; platform_id: number };
  diary_entries: DiaryEntriesTable;
  review_likes: { user_id: number; entry_id: number; created_at: number };
  comments: CommentsTable;
  comment_likes: { user_id: number; comment_id: number; created_at: number };
  follows: { follower_id: number; followee_id: number; created_at: number };
  blocks: BlocksTable;
  mutes: MutesTable;
  follow_requests: FollowRequestsTable;
  activities: ActivitiesTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  notification_channels: NotificationChannelsTable;
  audit_log: AuditLogTable;
  access_tokens: AccessTokensTable;
  revoked_sessions: { jti: string; expires_at: number };
  igdb_token: IgdbTokenTable;
  game_related_items: GameRelatedItemsTable;
  wikidata_items: WikidataItemsTable;
  wikidata_entities: { qid: string; label: string; updated_at: number };
  game_store_ids: { source: string; uid: string; game_id: number };
  /** A game's former slugs, each leading to the game it is now part of (0037). */
  game_slug_history: { slug: string; game_id: number; moved_at: number };
  game_bundles: { game_igdb_id: number; bundle_igdb_id: number };
  game_details: GameDetailsTable;
  game_time_to_beat: GameTimeToBeatTable;
  game_external_ids: { source: string; uid: string; game_igdb_id: number };
  lists: ListsTable;
  list_games: ListGamesTable;
  list_likes: { user_id: number; list_id: number; created_at: number };
  /** Counters that move whenever a part of a member's stats data changes (0018's triggers): part YYYY is that year's diary, part 0 the library. */
  member_stats_versions: { user_id: number; part: number; version: number };
  member_stats_answers: MemberStatsAnswersTable;
  username_history: UsernameHistoryTable;
  avatars: AvatarsTable;
  rate_limits: RateLimitsTable;
  /** SQLite only (0027): background jobs; on PostgreSQL pg-boss keeps them. */
  jobs: JobsTable;
  game_submissions: GameSubmissionsTable;
  reports: ReportsTable;
  invites: InvitesTable;
  release_alerts: ReleaseAlertsTable;
  calendar_feeds: CalendarFeedsTable;
  member_platforms: MemberPlatformsTable;
  push_subscriptions: PushSubscriptionsTable;
  plays: PlaysTable;
  push_outbox: PushOutboxTable;
}

export type SubmissionState = 'pending' | 'approved' | 'rejected' | 'merged';

/** A game a member added (0035): its games row has source 'member'; pending and rejected ones are unlisted. */
export interface GameSubmissionsTable {
  id: Generated<number>;
  /** Null once merged into another game. */
  game_id: number | null;
  /** Null once the account is deleted. */
  user_id: number | null;
  name: string;
  /** mergeKey of the name (catalog.seed.ts). */
  name_key: string;
  year: number | null;
  /** JSON array of platform slugs. */
  platforms: Generated<string>;
  url: string | null;
  state: Generated<SubmissionState>;
  reason: string | null;
  decided_by: number | null;
  decided_at: number | null;
  merged_into_game_id: number | null;
  created_at: number;
}

export interface JobsTable {
  id: string;
  name: string;
  /** JSON. */
  data: string;
  state: 'created' | 'retry' | 'active' | 'failed';
  retry_count: number;
  retry_limit: number;
  retry_delay: number;
  retry_backoff: number;
  start_after: number;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

/** Stats answers as last counted (0026), used while the member's counters still match their fingerprint. */
export interface MemberStatsAnswersTable {
  user_id: number;
  question: string;
  fingerprint: string;
  payload: string;
  computed_at: number;
}

/** Avatar images (0023), served at /uploads/avatars/{name}: a name is random and never reused, so its bytes never change. */
export interface AvatarsTable {
  name: string;
  content_type: string;
  size: number;
  bytes: Buffer;
  created_at: number;
}

/** Rate-limit counters shared by every instance on PostgreSQL (0023, http/limits.db.ts); times in ms. */
export interface RateLimitsTable {
  key: string;
  window_start: number;
  expires_at: number;
  count: number;
}

/** What IGDB says about a game beyond the catalog's facts (0014; `data` is GameDetailsData as JSON). */
export interface GameDetailsTable {
  igdb_id: number;
  game_type: number;
  parent_igdb_id: number | null;
  storyline: string | null;
  data: string;
  updated_at: number;
}

/** IGDB's game_time_to_beats, in seconds; keyed by the game's IGDB id. */
export interface GameTimeToBeatTable {
  igdb_id: number;
  hastily: number | null;
  normally: number | null;
  completely: number | null;
  count: number;
  /** IGDB's updated_at of the record (unix s). */
  updated_at: number;
}

export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  scope: 'read' | 'write';
  token_hash: string;
  hint: string;
  created_at: number;
  last_used_at: number | null;
}

/** The shared Twitch app token for IGDB (one row, id 1); see migration 0013. */
export interface IgdbTokenTable {
  id: number;
  client_id: string | null;
  access_token: string | null;
  /** Unix ms. */
  expires_at: number | null;
  lease_owner: string | null;
  /** Unix ms; a process holds the right to fetch a token until then. */
  lease_until: number;
  updated_at: number;
}

/** An IGDB record that is not a game of its own (DLC, bundle, edition, …), shown on its parent's page. */
export interface GameRelatedItemsTable {
  igdb_id: number;
  parent_igdb_id: number | null;
  game_type: number;
  kind: string;
  name: string;
  slug: string;
  first_release_date: number | null;
  cover_image_id: string | null;
  igdb_updated_at: number | null;
  updated_at: number;
}

/** A Wikidata item the catalog sync has read (0034). */
export interface WikidataItemsTable {
  qid: string;
  game_id: number | null;
  kind: 'game' | 'expansion' | 'dlc' | 'mod' | 'compilation';
  parent_qid: string | null;
  name: string;
  first_release_date: number | null;
  /** The item's schema:dateModified, unix ms. */
  modified: number;
  sitelinks: number;
  /** JSON: WikidataItemData (wikidata.types.ts). */
  data: string;
  updated_at: number;
}

/** A member's former username (0020): /u/{former} redirects to them until someone else takes the name. */
export interface UsernameHistoryTable {
  /** The former name, lower-cased (as users.username_key). */
  username_key: string;
  user_id: number;
  changed_at: number;
}

// Kept importable from here, where the rest of the server looks for table types.
export type { CommentsTable, ActivityVerb, ActivitiesTable, NotificationKind, NotificationsTable, AuditAction, AuditTargetType, AuditLogTable } from './social.tables.js';
export type { ListsTable, ListGamesTable } from '../modules/lists/lists.tables.js';
