import { parseRemoteAccount } from '@vgl/shared';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/form/TextField';
import { ApiRequestError } from '../../lib/api';
import { useFollowRemote } from './followingApi';
import styles from './following.module.css';

/**
 * "Follow someone on another server": their @name@host (or their profile's
 * address), checked here for its shape first, then looked up by the server,
 * whose message (not found, blocked, a member here) is shown under the field.
 */
export function FollowElsewhere() {
  const [account, setAccount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const follow = useFollowRemote();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const parsed = parseRemoteAccount(account);
    if ('error' in parsed) return setError(parsed.error);
    setError(undefined);
    follow.mutate(account.trim(), {
      onSuccess: (made) => {
        setAccount('');
        setDone(made.state === 'accepted' ? `You follow ${made.handle}.` : `Follow request sent to ${made.handle}.`);
      },
      onError: (failure) => setError(failure instanceof ApiRequestError && failure.body ? failure.body.message : 'Following could not be done. Please try again.'),
    });
  };

  return (
    <section className={styles.section} aria-labelledby="follow-elsewhere">
      <h2 id="follow-elsewhere">Follow someone on another server</h2>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          name="remote-account"
          label="Their account"
          placeholder="@name@mastodon.social"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={account}
          error={error}
          hint="Their handle, such as @name@mastodon.social, or the address of their profile."
          onChange={(event) => setAccount(event.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={follow.isPending} aria-busy={follow.isPending}>
          {follow.isPending ? 'Looking them up…' : 'Follow'}
        </button>
      </form>
      {done && (
        <p className={styles.done} role="status">
          {done}
        </p>
      )}
    </section>
  );
}
