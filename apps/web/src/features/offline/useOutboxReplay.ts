import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { connectivityStore } from '../../lib/connectivity';
import { useAuth } from '../../stores/auth';
import { showToast } from '../../stores/toast';
import { OUTBOX_TEXTS } from './outbox';
import { refreshPending, sendKept } from './offlineWrites';

/** After a "not now" (server down or busy), the next try, unless the connection comes back first. */
const RETRY_MS = 30_000;

/**
 * Sends the signed-in member's kept changes at the app's start, whenever the
 * connection returns (the browser's `online`, or VGL's server answering
 * again), and a while after a replay the server put off. The member is told
 * what was sent and what was refused; the pages then ask the server afresh.
 */
export function useOutboxReplay(): void {
  const memberId = useAuth((s) => s.user?.id);
  const reachable = useStore(connectivityStore, (s) => s.reachable);
  const client = useQueryClient();

  useEffect(() => {
    void refreshPending(memberId);
    if (memberId === undefined) return;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const run = async () => {
      clearTimeout(retry);
      if (!navigator.onLine) return;
      const report = await sendKept(memberId).catch(() => undefined);
      if (!report) return;
      if (report.stopped && live) retry = setTimeout(() => void run(), RETRY_MS);
      // Told even when this effect was replaced meanwhile (the connection's return re-runs it): the replay happened.
      const [sent, refused] = [report.sent.length, report.refused.length];
      if (sent === 0 && refused === 0) return;
      if (refused === 0) showToast({ variant: 'success', head: 'Sent', text: OUTBOX_TEXTS.sent(sent) });
      else showToast({ variant: 'alert', head: 'Not everything was saved', text: OUTBOX_TEXTS.refused(report.refused[0]!.item.label, report.refused[0]!.message) });
      await client.invalidateQueries();
    };
    const onOnline = () => void run();
    void run();
    window.addEventListener('online', onOnline);
    return () => {
      live = false;
      clearTimeout(retry);
      window.removeEventListener('online', onOnline);
    };
  }, [memberId, reachable, client]);
}
