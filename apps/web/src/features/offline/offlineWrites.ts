import { createStore } from 'zustand';
import { apiRequest } from '../../lib/api';
import { isOfflineFailure, newKey, replayOutbox, singleFlight, type OutboxItem, type OutboxStorage, type ReplayReport } from './outbox';
import { hasIndexedDb, idbOutbox } from './outboxStorage';

export interface OutboxState {
  /** The signed-in member's changes still on the device. */
  pending: number;
  /** What the last replay sent and what the server refused, until the member dismisses it. */
  report: { sent: number; refused: { label: string; message: string }[] } | null;
}

export const outboxStore = createStore<OutboxState>(() => ({ pending: 0, report: null }));

let storage: OutboxStorage | null = hasIndexedDb() ? idbOutbox : null;

/** Tests: an outbox in memory (jsdom has no IndexedDB); null turns keeping off. */
export function setOutboxStorage(next: OutboxStorage | null): void {
  storage = next;
}

export async function refreshPending(memberId: number | undefined): Promise<void> {
  const pending = memberId === undefined || !storage ? 0 : (await storage.list(memberId)).length;
  outboxStore.setState({ pending });
}

export type KeptWrite<T> = { kept: false; data: T } | { kept: true };

export interface Write {
  method: OutboxItem['method'];
  path: string;
  body: unknown;
  label: string;
}

/**
 * A member's write that survives a missing connection: sent at once with a
 * fresh Idempotency-Key; when the device is offline (not when the server
 * answers, whatever it says) it is kept with that key, to be sent when the
 * connection returns, and `{ kept: true }` lets the page show it as done.
 */
export async function writeOrKeep<T>(memberId: number | undefined, write: Write): Promise<KeptWrite<T>> {
  const key = newKey();
  try {
    const { data } = await apiRequest<T>(write.method, write.path, write.body, { headers: { 'Idempotency-Key': key } });
    return { kept: false, data };
  } catch (error) {
    if (memberId === undefined || !storage || !isOfflineFailure(error)) throw error;
    await storage.add({ memberId, key, ...write, createdAt: Date.now() });
    await refreshPending(memberId);
    return { kept: true };
  }
}

const sendItem = (item: OutboxItem) => apiRequest(item.method, item.path, item.body, { headers: { 'Idempotency-Key': item.key } });

/** Sends the member's kept changes (one replay at a time); undefined when there is no outbox or one is already running. */
export const sendKept = singleFlight(async (memberId: number): Promise<ReplayReport | undefined> => {
  if (!storage) return undefined;
  const report = await replayOutbox(storage, memberId, sendItem);
  await refreshPending(memberId);
  if (report.sent.length > 0 || report.refused.length > 0) {
    outboxStore.setState({
      report: { sent: report.sent.length, refused: report.refused.map(({ item, message }) => ({ label: item.label, message })) },
    });
  }
  return report;
});

export const dismissReport = () => outboxStore.setState({ report: null });
