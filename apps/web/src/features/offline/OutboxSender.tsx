import { useOutboxReplay } from './useOutboxReplay';

/** Sends what was kept offline (useOutboxReplay); drawn once in the layout, shows nothing itself (AppStatus does). */
export function OutboxSender() {
  useOutboxReplay();
  return null;
}
