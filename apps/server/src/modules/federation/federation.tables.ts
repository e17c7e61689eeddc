import type { InstancePolicy } from '@vgl/shared';
import type { ColumnType, Generated } from 'kysely';

/** Fedify's key-value store (0053): a JSON value per key; expires_at (Unix ms) null keeps it. */
export interface FederationKvTable {
  key: string;
  value: string;
  expires_at: number | null;
}

/** The algorithms of a member's two key pairs, as Web Crypto names them. */
export type FederationKeyAlgorithm = 'RSASSA-PKCS1-v1_5' | 'Ed25519';

/** A member's signing key pair (0053), both halves as JWK JSON. */
export interface FederationKeysTable {
  user_id: number;
  algorithm: FederationKeyAlgorithm;
  public_jwk: string;
  private_jwk: string;
  created_at: number;
}

/** `pending`: the member has not accepted yet (private profiles); `accepted`: deliveries go to it. */
export type RemoteFollowState = 'pending' | 'accepted';

/** A remote actor following a member (0053). */
export interface FederationFollowersTable {
  id: Generated<number>;
  user_id: number;
  /** The follower's actor id (a URL). */
  actor_id: string;
  inbox: string;
  shared_inbox: string | null;
  /** The Follow activity's id, which the Accept names. */
  follow_id: string | null;
  state: RemoteFollowState;
  created_at: number;
  /** Who they are, as their actor said when they followed (0055); null on older rows. */
  name: ColumnType<string | null, string | null | undefined, string | null>;
  /** "@name@host". */
  handle: ColumnType<string | null, string | null | undefined, string | null>;
  /** Their profile page. */
  url: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A remote server blocked or silenced, with its subdomains (0055). */
export interface FederationInstancesTable {
  /** Normalised: lower case, ASCII (punycode), no final dot (normaliseDomain). */
  domain: string;
  policy: InstancePolicy;
  reason: string | null;
  created_at: number;
  created_by: number | null;
}

/** A review published to the fediverse (0053): what was sent, so edits and deletions can follow it. */
export interface FederationNotesTable {
  entry_id: number;
  user_id: number;
  /** The note's id under /ap/notes/: the entry and when it was first published, so a note deleted and later made public again gets a new id (servers keep tombstones). */
  object_key: string;
  /** sha256 of the fields of the note last sent: an edit that changes none sends nothing. */
  digest: string;
  published_at: number;
  updated_at: number;
  /** 0: recorded by the outbox backfill, never sent (0059); its first change is sent as a Create. */
  announced: Generated<number>;
}

/** What of a member besides reviews is published (0059): a finished play as a Note, a public list as an Article. */
export type PublishedKind = 'play' | 'list';

/** A play or list published to the fediverse (0059): what was sent, so edits and deletions can follow it. */
export interface FederationObjectsTable {
  id: Generated<number>;
  kind: PublishedKind;
  /** The play's or the list's id (no foreign key: the row outlives its subject until the Delete is queued). */
  subject_id: number;
  user_id: number;
  /** A play's library entry (its deletion takes the plays with it); null for a list. */
  entry_id: number | null;
  /** The object's key: /ap/notes/{object_key} for a play, /ap/articles/{object_key} for a list. */
  object_key: string;
  /** sha256 of the fields last sent: an edit that changes none sends nothing. */
  digest: string;
  published_at: number;
  updated_at: number;
  /** 0: recorded by the outbox backfill, never sent; its first change is sent as a Create. */
  announced: Generated<number>;
}

/** A remote account that liked, boosted or replied to a member's review (0054), as last fetched. */
export interface FederationActorsTable {
  id: Generated<number>;
  /** Its actor id (a URL). */
  actor_id: string;
  /** "@name@host", as Mastodon shows it. */
  handle: string;
  name: string | null;
  /** Its profile page (http or https only), or null: the link then goes to its id. */
  profile_url: string | null;
  avatar_url: string | null;
  host: string;
  fetched_at: number;
}

/** `like`: a Like; `announce`: a boost (Announce). */
export type RemoteReactionKind = 'like' | 'announce';

/** A remote Like or boost of a published review (0054). */
export interface FederationReactionsTable {
  id: Generated<number>;
  entry_id: number;
  /** federation_actors.id */
  actor: number;
  kind: RemoteReactionKind;
  /** The Like's or Announce's id, which its Undo names. */
  activity_id: string;
  created_at: number;
}

/** A remote reply to a published review (0054), shown among its comments. */
export interface FederationRepliesTable {
  id: Generated<number>;
  entry_id: number;
  actor: number;
  /** The reply Note's id, which its Update and Delete name. */
  object_id: string;
  /** Where people read it on its own server (http or https only). */
  url: string | null;
  /** Sanitised plain text (federation.sanitize.ts). */
  body: string;
  created_at: number;
  updated_at: number;
  /** Hidden by a moderator or the review's author: shown to staff only, and never brought back by a repeated delivery. */
  hidden_at: number | null;
  hidden_by: number | null;
}

/** `pending`: our Follow is sent, their server has not accepted it yet; `accepted`: their posts reach us. */
export type FollowingState = 'pending' | 'accepted';

/** A member following a remote actor (0056). */
export interface FederationFollowingTable {
  id: Generated<number>;
  user_id: number;
  /** federation_actors.id */
  actor: number;
  inbox: string;
  shared_inbox: string | null;
  /** Their followers collection: a post addressed to it is one for their followers, us among them. */
  followers_uri: string | null;
  /** The Follow we sent (under the member's actor id), which their Accept or Reject and our Undo name. */
  follow_id: string;
  state: FollowingState;
  created_at: number;
}

/** A post of a followed remote actor (0056), shown in the members' feed. */
export interface FederationPostsTable {
  id: Generated<number>;
  actor: number;
  /** The Note's or Article's id, which its Update and Delete name. */
  object_id: string;
  /** Where it is read on its own server (http or https only). */
  url: string | null;
  /** An Article's title. */
  name: string | null;
  /** Its content warning. */
  summary: string | null;
  /** Sanitised plain text (federation.sanitize.ts). */
  body: string;
  image_url: string | null;
  image_alt: string | null;
  published_at: number;
  created_at: number;
  updated_at: number;
}

/** A member's Like of a followed account's post (0056), sent to its server. */
export interface FederationPostLikesTable {
  id: Generated<number>;
  /** federation_posts.id */
  post: number;
  user_id: number;
  /** The Like's id (under the member's actor id), which its Undo names. */
  activity_id: string;
  created_at: number;
}

/** A member's reply to a post in their feed (0057), sent to its server as a public Note. */
export interface FederationPostRepliesTable {
  id: Generated<number>;
  /** federation_posts.id */
  post: number;
  user_id: number;
  /** The Note's key: its id is /ap/notes/{object_key}. */
  object_key: string;
  /** The post author's inbox, where the Create went and its Delete goes. */
  inbox: string;
  /** As the member wrote it (trimmed). */
  body: string;
  created_at: number;
}

/** A member's block of one remote account (0058), by its actor id: it stays when the account's federation_actors row goes. */
export interface FederationAccountBlocksTable {
  id: Generated<number>;
  user_id: number;
  /** The actor id (a URL). */
  actor_id: string;
  /** "@name@host" (or the actor id, when it said no username). */
  handle: string;
  name: string | null;
  /** Its profile page, to link out to. */
  url: string | null;
  created_at: number;
}

/** A remote account suspended on the whole instance by a moderator (0058): its deliveries are refused, as a blocked server's. */
export interface FederationAccountSuspensionsTable {
  actor_id: string;
  handle: string;
  url: string | null;
  reason: string | null;
  created_at: number;
  created_by: number | null;
}

/** Federation's tables (0053–0059), as the Database of db/schema.ts includes them: kept here, beside their rows. */
export interface FederationDatabase {
  federation_kv: FederationKvTable;
  federation_keys: FederationKeysTable;
  federation_followers: FederationFollowersTable;
  federation_notes: FederationNotesTable;
  federation_actors: FederationActorsTable;
  federation_reactions: FederationReactionsTable;
  federation_replies: FederationRepliesTable;
  federation_instances: FederationInstancesTable;
  federation_following: FederationFollowingTable;
  federation_posts: FederationPostsTable;
  federation_post_likes: FederationPostLikesTable;
  federation_post_replies: FederationPostRepliesTable;
  federation_account_blocks: FederationAccountBlocksTable;
  federation_account_suspensions: FederationAccountSuspensionsTable;
  federation_objects: FederationObjectsTable;
}
