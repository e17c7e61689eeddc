import { INSTANCE_LIMITS, type RemoteAccountSuspension } from '@vgl/shared';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/form/TextField';
import { serverFieldErrors } from '../settings/fieldErrors';
import { useAccountSuspensions, useLiftAccountSuspension, useSuspendAccount } from './dashboardApi';
import { ListStatus } from './ListControls';
import { Moment } from './Moment';
import styles from './dashboard.module.css';
import rules from './InstanceRulesSection.module.css';

/**
 * The Federation tab's suspended accounts (issue 40): single accounts on
 * other servers suspended here, as a server is blocked but for one account,
 * from a report or by its handle; each suspension can be lifted.
 */
export function AccountSuspensionsSection() {
  const list = useAccountSuspensions();
  return (
    <>
      <h3 className={styles.subheading}>Suspended accounts on other servers</h3>
      <p className={styles.hint}>
        Nothing from a suspended account is accepted; it stops following members here, members stop following it, and its likes, boosts and replies are removed. Its server is not told.
        Only accounts this instance has met (a follower, or an account that liked, boosted, replied or is followed) can be suspended.
      </p>
      <SuspendForm />
      {list.data ? <SuspensionsTable suspensions={list.data} /> : <ListStatus what="suspended accounts" error={list.error} count={null} />}
    </>
  );
}

function SuspendForm() {
  const suspend = useSuspendAccount();
  const [account, setAccount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (account.trim() === '') {
      setError('Enter the account: @name@host, or the address of its actor.');
      return;
    }
    setError(undefined);
    suspend.mutate(
      { account: account.trim(), reason: reason.trim() },
      {
        onSuccess: () => {
          setAccount('');
          setReason('');
        },
        onError: (failure) => setError(serverFieldErrors(failure).account ?? (failure instanceof Error ? failure.message : undefined)),
      },
    );
  };

  return (
    <form className={rules.form} aria-label="Suspend an account on another server" onSubmit={submit} noValidate>
      <TextField name="suspend-account" label="Account" placeholder="@name@mastodon.example" autoComplete="off" spellCheck={false} value={account} error={error} onChange={(e) => setAccount(e.target.value)} />
      <TextField name="suspend-reason" label="Reason for the suspension (optional)" maxLength={INSTANCE_LIMITS.reasonMaxLength} value={reason} onChange={(e) => setReason(e.target.value)} />
      <button type="submit" className="button button-primary" disabled={suspend.isPending}>
        Suspend account
      </button>
    </form>
  );
}

function SuspensionsTable({ suspensions }: { suspensions: RemoteAccountSuspension[] }) {
  const lift = useLiftAccountSuspension();
  if (suspensions.length === 0) return <p className={styles.empty}>No account on another server is suspended.</p>;
  return (
    <div className={styles.tableWrap} role="region" aria-label="Suspended accounts table" tabIndex={0}>
      <table className={styles.table}>
        <caption className={styles.visuallyHidden}>Accounts on other servers suspended on this instance</caption>
        <thead>
          <tr>
            <th scope="col">Account</th>
            <th scope="col">Reason</th>
            <th scope="col">Suspended by</th>
            <th scope="col">
              <span className={styles.visuallyHidden}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {suspensions.map((suspension) => (
            <tr key={suspension.actor}>
              <th scope="row" className={styles.wrap}>
                <a href={suspension.url} target="_blank" rel="noopener noreferrer nofollow">
                  {suspension.handle}
                </a>
              </th>
              <td className={styles.wrap}>{suspension.reason ?? '—'}</td>
              <td>
                {suspension.createdBy ?? 'A former moderator'}, <Moment at={suspension.createdAt} />
              </td>
              <td>
                <button type="button" className="button button-ghost button-small" disabled={lift.isPending} onClick={() => lift.mutate(suspension)}>
                  Lift suspension<span className={styles.visuallyHidden}> of {suspension.handle}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
