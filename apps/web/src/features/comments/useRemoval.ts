import { useState } from 'react';

/**
 * Removing something from a list the server owns (a comment, a remote reply): one request at a time; on
 * failure the button comes back with `failed` set, and the error goes to the console for a bug report. On
 * success the item is gone from the list, so nothing is reset.
 */
export function useRemoval(remove: () => Promise<unknown>, what: string) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  async function run() {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      await remove();
    } catch (error) {
      console.error(`Removing ${what} failed`, error);
      setFailed(true);
      setBusy(false);
    }
  }
  return { busy, failed, run };
}
