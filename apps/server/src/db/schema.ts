import type { Generated } from 'kysely';

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

export interface Database {
  app_meta: AppMetaTable;
  users: UsersTable;
  user_tokens: UserTokensTable;
}
