import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../stores/auth';
import { toastStore } from '../../stores/toast';
import type { OutboxItem, OutboxStorage } from './outbox';
import { outboxStore, setOutboxStorage } from './offlineWrites';
import { OutboxSender } from './OutboxSender';

function memoryOutbox(items: OutboxItem[]): OutboxStorage {
  return {
    add: async (item) => void items.push(item),
    list: async (memberId) => items.filter((i) => i.memberId === memberId),
    remove: async (seq) => void items.splice(items.findIndex((i) => i.seq === seq), 1),
  };
}

const kept = (seq: number, memberId: number, label: string): OutboxItem => ({
  seq,
  memberId,
  key: `key-${seq}`,
  method: 'PUT',
  path: `/api/users/ann/library/game-${seq}`,
  body: { rating: 8 },
  label,
  createdAt: 0,
});

describe('OutboxSender: what was kept offline goes out when the app starts signed in', () => {
  afterEach(() => {
    setOutboxStorage(null);
    vi.unstubAllGlobals();
    authStore.setState({ isAuthenticated: false, user: null });
    outboxStore.setState({ pending: 0, report: null });
  });

  it('sends the signed-in member’s changes with their keys, tells the member, and leaves another member’s alone', async () => {
    const items = [kept(1, 7, 'Rating of Celeste'), kept(2, 9, 'Someone else’s rating'), kept(3, 7, 'Status of Hades')];
    setOutboxStorage(memoryOutbox(items));
    const fetchMock = vi.fn<typeof fetch>(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    authStore.setState({ isAuthenticated: true, user: { id: 7, username: 'ann', avatar: null, isSuspended: false, exp: 0 } });

    render(
      <QueryClientProvider client={new QueryClient()}>
        <OutboxSender />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(toastStore.getState().text).toBe('2 changes made offline were sent.'));
    const sent = fetchMock.mock.calls.map(([path, init]) => [path, new Headers(init!.headers as Record<string, string>).get('Idempotency-Key')]);
    expect(sent).toEqual([
      ['/api/users/ann/library/game-1', 'key-1'],
      ['/api/users/ann/library/game-3', 'key-3'],
    ]);
    expect(items.map((i) => i.label)).toEqual(['Someone else’s rating']);
    expect(outboxStore.getState()).toMatchObject({ pending: 0, report: { sent: 2, refused: [] } });
  });
});
