/**
 * A member's Idempotency-Key and the answer it got (0048). The row is the
 * claim: inserted before the write runs (the primary key makes two at once
 * impossible), its answer filled in when it is sent, deleted after 24 h or
 * when the answer was one to retry (5xx, 429).
 */
export interface IdempotencyKeysTable {
  user_id: number;
  idempotency_key: string;
  /** sha-256 (hex) of method, path and body: a key reused for another request is refused. */
  fingerprint: string;
  /** Null while the first request is still running. */
  status_code: number | null;
  response_body: string | null;
  content_type: string | null;
  created_at: number;
}
