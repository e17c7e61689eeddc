/**
 * Background work kept in the database, so that it survives a restart and,
 * on PostgreSQL, is shared by every instance: pg-boss there (jobs.pg.ts), a
 * table of our own on SQLite (jobs.memory.ts). Both give the same semantics:
 * a job is tried up to 1 + retryLimit times, waiting retryDelaySeconds ×
 * ~2^try between tries when backoff is on; a job out of tries stays failed
 * (listed, retryable) until it is retried or FAILED_KEPT_DAYS have passed.
 */
export interface RetryPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  backoff: boolean;
}

export interface QueueSettings {
  retry: RetryPolicy;
  /** At most one job of this name waits and one runs, across every instance (the IGDB sync). */
  oneAtATime?: boolean;
  /** A run still going after this long is taken for dead and failed (pg-boss's default: 15 minutes). */
  maxRunSeconds?: number;
}

export interface SendOptions {
  /** Wait this long before the job may run. */
  startAfterSeconds?: number;
}

/** What a worker knows about the job it runs. */
export interface JobContext {
  id: string;
  /** Tries before this one. */
  retryCount: number;
}

export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

export interface WorkOptions {
  /**
   * Jobs of this name run at once in this process (default 1). Each still
   * goes to one worker only, and succeeds or fails on its own.
   */
  concurrency?: number;
}

export interface FailedJob<T = unknown> {
  id: string;
  data: T;
  /** How many times it was tried. */
  tries: number;
  lastError: string;
  failedAt: number;
}

export interface QueueCounts {
  /** Waiting, retrying or running. */
  pending: number;
  failed: number;
}

export interface JobQueue {
  readonly kind: 'pg-boss' | 'sqlite';
  /** Creates the queues (idempotent); call before send. */
  start(): Promise<void>;
  /** Resolves with the job's id, or null when a oneAtATime queue already has one waiting. */
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  work<T>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /** A job sent on this cron (UTC, minutes), once across all instances. Only workers keep the clock. */
  schedule(name: string, cron: string): Promise<void>;
  failed<T>(name: string, limit: number): Promise<{ total: number; latest: FailedJob<T>[] }>;
  /** Puts a failed job back in line with fresh tries; false when there is no such failed job. */
  retry(name: string, id: string): Promise<boolean>;
  /** Every queue's jobs, or only those of `name`. */
  counts(name?: string): Promise<QueueCounts>;
  /** Stops taking jobs, waits for those under way (up to a timeout), and lets go of the database. */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  queues: Record<string, QueueSettings>;
  /** Workers and the scheduler run in this process (VGL_ROLE worker or all). */
  works: boolean;
  /** How often an idle worker looks for jobs; tests shorten it. */
  pollSeconds?: number;
}

/** How long a job out of tries is kept for a person to see and retry. */
export const FAILED_KEPT_DAYS = 7;

/** A thrown value as the one line kept with a failed job. */
export const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/** Seconds to wait after the try numbered `retryCount` (0-based) failed; pg-boss's curve without its jitter. */
export function retryDelaySeconds(policy: RetryPolicy, retryCount: number): number {
  return policy.backoff ? policy.retryDelaySeconds * 2 ** Math.min(16, retryCount) : policy.retryDelaySeconds;
}
