import { ApiRequestError } from '../../lib/api';

/**
 * A change made without a connection (a play session, a status, a rating),
 * kept on the device until it can be sent. The Idempotency-Key is made when
 * the change is first tried, and sent with every try: a retry after an
 * answer lost on the way is answered from the first one, never written twice.
 */
export interface OutboxItem {
  /** Its place in the queue (IndexedDB's auto-numbered key): changes are sent in this order. */
  seq?: number;
  /** Whose change it is: only this member's session sends it (never another member's on a shared device). */
  memberId: number;
  key: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body: unknown;
  /** What the member is told it was: "Session of Celeste", "Rating of Celeste". */
  label: string;
  createdAt: number;
}

/** Where the queue lives: IndexedDB in the app (outboxStorage.ts), an array in the tests. */
export interface OutboxStorage {
  add(item: OutboxItem): Promise<void>;
  /** The member's changes, oldest first. */
  list(memberId: number): Promise<OutboxItem[]>;
  remove(seq: number): Promise<void>;
}

export const OUTBOX_TEXTS = {
  kept: 'Saved on this device — will be sent when you’re back online.',
  pending: (n: number) => `${n} ${n === 1 ? 'change' : 'changes'} waiting to be sent`,
  sent: (n: number) => `${n} ${n === 1 ? 'change' : 'changes'} made offline ${n === 1 ? 'was' : 'were'} sent.`,
  refused: (label: string, message: string) => `Not saved: ${label} — ${message}`,
} as const;

/**
 * The write failed because the device could not reach the server (the
 * browser says it is offline, or fetch itself failed): the change is worth
 * keeping. An answer from the server (any status) is not such a failure.
 */
export function isOfflineFailure(error: unknown, online = typeof navigator === 'undefined' ? true : navigator.onLine): boolean {
  if (error instanceof ApiRequestError) return false;
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  return !online || error instanceof TypeError;
}

/**
 * An answer that says "not now" rather than "no": the server is down or
 * busy (5xx), the member is over a limit (429), the session needs signing in
 * again (401), or the same change is still being handled (409 on its key).
 * The replay stops there and tries again later; every other 4xx is a refusal.
 */
export function isRetryLater(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true;
  if (error.status >= 500 || error.status === 401 || error.status === 408 || error.status === 429) return true;
  return error.status === 409 && (error.body as { error?: string } | undefined)?.error === 'idempotency_in_progress';
}

export interface ReplayReport {
  sent: OutboxItem[];
  refused: { item: OutboxItem; message: string }[];
  /** Something is still waiting: the replay stopped at a "not now" and tries again later. */
  stopped: boolean;
}

export type Send = (item: OutboxItem) => Promise<unknown>;

/**
 * Sends the member's kept changes in order, one at a time, each with its
 * key. A sent or refused change leaves the queue (a refusal is named with
 * the server's message, never retried forever); a "not now" stops here,
 * keeping it and all after it for the next try.
 */
export async function replayOutbox(storage: OutboxStorage, memberId: number, send: Send): Promise<ReplayReport> {
  const report: ReplayReport = { sent: [], refused: [], stopped: false };
  for (const item of await storage.list(memberId)) {
    try {
      await send(item);
      report.sent.push(item);
    } catch (error) {
      if (isRetryLater(error)) {
        report.stopped = true;
        break;
      }
      const message = error instanceof ApiRequestError ? error.message : String(error);
      report.refused.push({ item, message });
    }
    await storage.remove(item.seq!);
  }
  return report;
}

/** A new key for a change: random, so two devices (or two changes) never share one. */
export const newKey = (): string => crypto.randomUUID();

/**
 * Runs one replay at a time: the `online` event and the app's start may
 * come together, and two replays at once would send a change twice (its key
 * would save the server, but the member would be told twice).
 */
export function singleFlight<A extends unknown[], R>(run: (...args: A) => Promise<R>): (...args: A) => Promise<R | undefined> {
  let running: Promise<R> | null = null;
  return async (...args: A) => {
    if (running) {
      await running.catch(() => undefined);
      return undefined;
    }
    running = run(...args);
    try {
      return await running;
    } finally {
      running = null;
    }
  };
}
