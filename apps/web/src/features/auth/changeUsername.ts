import { MESSAGES } from '@vgl/shared';
import { api } from '../../lib/api';
import { signIn } from '../../stores/auth';
import { trigger } from '../../stores/renderTriggers';
import { showToast } from '../../stores/toast';

/**
 * Username change (SPEC §4, §7, §8): POST /api/auth/username, store the new
 * token, update the user, toast, and go to the account settings under the
 * new name. Any failure shows "Error during relogin.". Returns whether it worked.
 */
export async function changeUsername(username: string, navigate: (path: string) => void): Promise<boolean> {
  try {
    const { data } = await api.post<{ token?: unknown }>('/api/auth/username', { username });
    const user = typeof data?.token === 'string' ? signIn(data.token) : null;
    if (!user) throw new Error('the answer carried no usable token');
    trigger('nav');
    showToast({ variant: 'success', text: MESSAGES.username.updated });
    navigate(`/u/${user.username.toLowerCase()}/settings/account`);
    return true;
  } catch (error) {
    console.error('Username change failed', error);
    showToast({ variant: 'alert', text: MESSAGES.username.relogFailed });
    return false;
  }
}
