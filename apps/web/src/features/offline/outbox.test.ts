import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { isOfflineFailure, replayOutbox, singleFlight, type OutboxItem, type OutboxStorage } from './outbox';
import { outboxStore, sendKept, setOutboxStorage, writeOrKeep } from './offlineWrites';

/** The outbox as IndexedDB keeps it (auto-numbered, per member, in order), in memory. */
function memoryOutbox() {
  const items: OutboxItem[] = [];
  let seq = 0;
  const storage: OutboxStorage = {
    add: async (item) => void items.push({ ...item, seq: (seq += 1) }),
    list: async (memberId) => items.filter((i) => i.memberId === memberId),
    remove: async (n) => void items.splice(items.findIndex((i) => i.seq === n), 1),
  };
  return { storage, items };
}

const item = (memberId: number, label: string, key = `key-${label}`): OutboxItem => ({
  memberId,
  key,
  method: 'POST',
  path: `/api/users/ann/diary`,
  body: { label },
  label,
  createdAt: 0,
});

const refusal = (status: number, message: string, error = 'validation_failed') => new ApiRequestError(status, { error, message, statusCode: status });

describe('replaying the outbox', () => {
  it('sends a member’s changes in order, once, each with its own key, and leaves nothing behind', async () => {
    const { storage, items } = memoryOutbox();
    for (const label of ['Session of Celeste', 'Rating of Celeste']) await storage.add(item(7, label));
    const sent: string[] = [];
    const report = await replayOutbox(storage, 7, async (i) => void sent.push(`${i.label}|${i.key}`));
    expect(sent).toEqual(['Session of Celeste|key-Session of Celeste', 'Rating of Celeste|key-Rating of Celeste']);
    expect(report.sent.map((i) => i.label)).toEqual(['Session of Celeste', 'Rating of Celeste']);
    expect([report.refused, report.stopped, items]).toEqual([[], false, []]);
    const again = vi.fn();
    expect((await replayOutbox(storage, 7, again)).sent).toEqual([]);
    expect(again).not.toHaveBeenCalled();
  });

  it('never sends another member’s changes (a shared device)', async () => {
    const { storage, items } = memoryOutbox();
    await storage.add(item(1, 'Ann’s rating'));
    await storage.add(item(2, 'Bob’s session'));
    const send = vi.fn(async (_: OutboxItem) => undefined);
    await replayOutbox(storage, 2, send);
    expect(send.mock.calls.map(([i]) => i.label)).toEqual(['Bob’s session']);
    expect(items.map((i) => i.label)).toEqual(['Ann’s rating']);
  });

  it('drops a change the server refuses (a 4xx), names it with the server’s message, and goes on with the next', async () => {
    const { storage, items } = memoryOutbox();
    for (const label of ['A', 'B', 'C']) await storage.add(item(7, label));
    const send = vi.fn(async (i: OutboxItem) => {
      if (i.label === 'B') throw refusal(404, 'No game by that name.');
    });
    const report = await replayOutbox(storage, 7, send);
    expect(report.sent.map((i) => i.label)).toEqual(['A', 'C']);
    expect(report.refused.map(({ item: i, message }) => [i.label, message])).toEqual([['B', 'No game by that name.']]);
    expect(items).toEqual([]);
  });

  it.each([
    ['the server is down (503)', refusal(503, 'Busy', 'database_busy')],
    ['over a limit (429)', refusal(429, 'Slow down', 'rate_limited')],
    ['the same key still running (409)', refusal(409, 'Still running', 'idempotency_in_progress')],
    ['no network', new TypeError('Failed to fetch')],
  ])('stops at “not now” (%s), keeping that change and the ones after it for a later try with the same keys', async (_, error) => {
    const { storage, items } = memoryOutbox();
    for (const label of ['A', 'B', 'C']) await storage.add(item(7, label));
    const report = await replayOutbox(storage, 7, async (i) => {
      if (i.label === 'B') throw error;
    });
    expect([report.sent.map((i) => i.label), report.refused, report.stopped]).toEqual([['A'], [], true]);
    expect(items.map((i) => [i.label, i.key])).toEqual([
      ['B', 'key-B'],
      ['C', 'key-C'],
    ]);
  });

  it('tells a lost connection from an answer', () => {
    expect(isOfflineFailure(new TypeError('Failed to fetch'), true)).toBe(true);
    expect(isOfflineFailure(new Error('anything'), false)).toBe(true);
    expect(isOfflineFailure(refusal(400, 'Bad'), false)).toBe(false);
    expect(isOfflineFailure(refusal(503, 'Busy'), true)).toBe(false);
    expect(isOfflineFailure(new Error('a bug'), true)).toBe(false);
  });

  it('runs one replay at a time', async () => {
    let release!: () => void;
    const run = vi.fn(() => new Promise<string>((resolve) => (release = () => resolve('done'))));
    const once = singleFlight(run);
    const [first, second] = [once(), once()];
    release();
    expect([await first, await second]).toEqual(['done', undefined]);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('writing, or keeping the write on the device', () => {
  let outbox: ReturnType<typeof memoryOutbox>;
  const fetchMock = vi.fn<typeof fetch>();
  const write = { method: 'PUT' as const, path: '/api/users/ann/library/celeste', body: { rating: 8 }, label: 'Rating of Celeste' };

  beforeEach(() => {
    outbox = memoryOutbox();
    setOutboxStorage(outbox.storage);
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    setOutboxStorage(null);
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    outboxStore.setState({ pending: 0, report: null });
  });

  const keyOf = (call: number) => new Headers(fetchMock.mock.calls[call]![1]!.headers as Record<string, string>).get('Idempotency-Key');

  it('sends at once with a fresh key when online', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"rating":8}', { status: 200 }));
    expect(await writeOrKeep(7, write)).toEqual({ kept: false, data: { rating: 8 } });
    expect(keyOf(0)).toMatch(/^[0-9a-f-]{36}$/);
    expect(outbox.items).toEqual([]);
  });

  it('keeps it with the key it was first tried with when the network fails, counts it, and sends that key when back', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await writeOrKeep(7, write)).toEqual({ kept: true });
    const firstKey = keyOf(0);
    expect(outbox.items).toMatchObject([{ memberId: 7, key: firstKey, method: 'PUT', path: write.path, body: write.body, label: write.label }]);
    expect(outboxStore.getState().pending).toBe(1);

    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 200 }));
    const report = await sendKept(7);
    expect(report?.sent).toHaveLength(1);
    expect(keyOf(1)).toBe(firstKey);
    expect(outboxStore.getState()).toEqual({ pending: 0, report: { sent: 1, refused: [] } });
  });

  it('does not keep a write the server answered (a refusal is the member’s to see now), nor one made signed out', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"error":"validation_failed","message":"Too long.","statusCode":400}', { status: 400 }));
    await expect(writeOrKeep(7, write)).rejects.toThrow('Too long.');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(writeOrKeep(undefined, write)).rejects.toThrow(TypeError);
    expect(outbox.items).toEqual([]);
  });
});
