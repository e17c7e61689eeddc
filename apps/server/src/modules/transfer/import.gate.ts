import { LIBRARY_MESSAGES } from '@vgl/shared';
import { AppError, tooManyRequests } from '../../http/errors.js';

/** Imports and previews the server runs at once; each holds a file's rows in memory and keeps the database busy. */
export const IMPORTS_AT_ONCE = 2;
/** Seconds a client is asked to wait when the server is full (most maximal files are read in well under a minute). */
export const IMPORT_RETRY_AFTER_SECONDS = 30;

export const importRunning = () => tooManyRequests(LIBRARY_MESSAGES.importRunning);
export const importBusy = () => new AppError(503, 'import_busy', LIBRARY_MESSAGES.importBusy);

/**
 * One import or preview at a time per member, and at most `atOnce` on the
 * server. Nothing waits in line: a member whose import runs is told so
 * (429), and when the server is full the answer is 503 with Retry-After,
 * so no request holds a file in memory while it waits.
 */
export function createImportGate(atOnce = IMPORTS_AT_ONCE) {
  const running = new Set<number>();
  return {
    /**
     * Takes the member's slot and returns the function that gives it back
     * (calling it again does nothing); throws the 429 or the 503, calling
     * `onBusy` first (to set Retry-After).
     */
    enter(userId: number, onBusy?: () => void): () => void {
      if (running.has(userId)) throw importRunning();
      if (running.size >= atOnce) {
        onBusy?.();
        throw importBusy();
      }
      running.add(userId);
      let held = true;
      return () => {
        if (held) running.delete(userId);
        held = false;
      };
    },
  };
}

export type ImportGate = ReturnType<typeof createImportGate>;
