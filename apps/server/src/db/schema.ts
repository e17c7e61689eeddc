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

export interface Database {
  app_meta: AppMetaTable;
}
