import { ApiRequestError } from '../../lib/api';
import { showToast } from '../../stores/toast';

/** A failed call: logged, and its own message as an alert toast (SPEC §8's default text when it has none). */
export function toastFailure(what: string, error: unknown) {
  console.error(`${what} failed`, error);
  showToast({ variant: 'alert', ...(error instanceof ApiRequestError && error.body ? { text: error.body.message } : {}) });
}
